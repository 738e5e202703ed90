/**
 * Rust: Wirebench's median for prost's `encode_to_vec` of the Go article's AddressBook (first
 * message, types from prost-build) beside a criterion benchmark of the same call on the same message
 * (rust/proto/benches/prost_encode.rs, built with the same schema and release settings), read from
 * criterion's own estimates.json. The two alternate in short runs, so a busy machine slows both alike.
 *
 * Two rows: criterion's headline estimate (the slope of its linear sampling, a mean, which on a
 * shared machine absorbs the time slices other processes take) and criterion's median per-iteration
 * time (the statistic Wirebench reports).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { cargoEnv, rustRuntime, rustWorkspace } from "../../src/definitions/rust.ts";
import { ofType, runChildCommand } from "../../test/child-run.ts";
import { addressBookFirst, alternate, median } from "../accuracy-shared.ts";
import type { AccuracyRow } from "../runtime-accuracy.ts";

const exec = promisify(execFile);
/** Alternations of one Wirebench child and one criterion run. */
const pairs = 6;
/** Wirebench's timed samples per child, and criterion's warm-up and measurement seconds per run. */
const samplesPerChild = 16;
const criterionWarmUpS = 1;
const criterionMeasureS = 3;
const benchName = "prost encode_to_vec";

/** Builds the criterion benchmark with the schema and returns its executable (cargo's JSON messages). */
async function buildBench(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await exec(
    "nice",
    [
      "-n",
      "10",
      "cargo",
      "bench",
      "-j",
      "2",
      "-p",
      "wirebench-rust-proto",
      "--bench",
      "prost_encode",
      "--no-run",
      "--message-format=json",
    ],
    { cwd: rustWorkspace, env, maxBuffer: 256 << 20 },
  );
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    const msg = JSON.parse(line) as {
      reason?: string;
      target?: { name?: string };
      executable?: string | null;
    };
    if (msg.reason === "compiler-artifact" && msg.target?.name === "prost_encode" && msg.executable)
      return msg.executable;
  }
  throw new Error("cargo bench --no-run named no prost_encode executable");
}

export async function accuracy(): Promise<AccuracyRow[]> {
  const status = await rustRuntime.detect();
  if (!status.available) throw new Error(status.reason);
  const dir = mkdtempSync(join(tmpdir(), "wirebench-rust-accuracy-"));
  try {
    const { schema, line: first } = addressBookFirst();
    const input = join(dir, "input.json");
    writeFileSync(input, `[${first}]`);
    const generated = join(dir, "generated");
    await rustRuntime.generate?.({ idl: "proto", ...schema }, generated, new AbortController().signal);
    const env = {
      ...process.env,
      ...cargoEnv(),
      WIREBENCH_PROTO_FILE: schema.file,
      WIREBENCH_PROTO_ROOT: schema.rootType,
      WIREBENCH_BENCH_INPUT: input,
      CRITERION_HOME: join(dir, "criterion"),
    };
    const bench = await buildBench(env);
    const format = { id: "prost@rust", format: "protobuf", impl: "prost", inputFile: input, schema };
    // Wirebench's default settings (packages/codecs/src/harness/settings.ts), rounds and all.
    const settings = {
      rounds: 4,
      targetSampleMs: 1,
      warmupMinMs: 20,
      warmupMinIterations: 300,
      warmupEnoughMs: 250,
      warmupMaxMs: 1000,
      warmupTolerance: 0.1,
    };
    const { wirebench, headline, medians } = await alternate(pairs, async (p) => {
      const run = await runChildCommand(
        { cmd: rustRuntime.command([generated]).cmd, args: [] },
        { protocol: 1, process: p, verify: false, workDir: dir, formats: [format], settings },
        { samples: samplesPerChild },
      );
      if (run.code !== 0) throw new Error(`the Rust child failed: ${run.stderr}`);
      const encoded = ofType(run, "samples").filter((x) => x.op === "encode");
      await exec(
        bench,
        [
          "--bench",
          benchName,
          "--warm-up-time",
          String(criterionWarmUpS),
          "--measurement-time",
          String(criterionMeasureS),
          "--noplot",
        ],
        { cwd: dir, env, maxBuffer: 16 << 20 },
      );
      const estimates = JSON.parse(
        readFileSync(join(dir, "criterion", benchName, "new", "estimates.json"), "utf8"),
      ) as Record<string, { point_estimate: number } | null>;
      return {
        wirebench: encoded.flatMap((s) => s.nsPerOp),
        headline: [(estimates.slope ?? estimates.mean)?.point_estimate ?? Number.NaN],
        medians: [estimates.median?.point_estimate ?? Number.NaN],
      };
    });
    const what = "prost Message::encode_to_vec (AddressBook)";
    const criterion = `criterion (${criterionWarmUpS} s warm-up, ${criterionMeasureS} s, × ${pairs})`;
    return [
      {
        runtime: "rust",
        what,
        wirebenchNs: median(wirebench),
        community: `${criterion}: its estimate`,
        communityNs: median(headline),
      },
      {
        runtime: "rust",
        what,
        wirebenchNs: median(wirebench),
        community: `${criterion}: its median`,
        communityNs: median(medians),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
