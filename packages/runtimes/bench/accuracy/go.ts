/**
 * Go: Wirebench's median for `proto.Marshal` of the Go article's AddressBook (first message, code
 * from protoc-gen-go) beside `go test -bench` with a `testing.B` benchmark of the same call on the
 * same message (go/testdata/accuracy/marshal_bench_test.go), the median ns/op of `-count` runs.
 * The two alternate, so a busy machine slows both alike.
 *
 * Two rows. `go test -bench` as usually run (`-benchtime 1s`) reports a mean over a second, which
 * on a shared machine absorbs every time slice other processes take, while Wirebench's median of
 * ~1 ms batches does not; so the second row runs the same benchmark with `-benchtime <N>x`, N being
 * the batch Wirebench calibrated, and takes the median over `-count` runs (benchstat's statistic):
 * like against like, leaving testing.B's own loop and clock as the independent check.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { goEnv, goModuleDir, goRuntime } from "../../src/definitions/go.ts";
import { ofType, runChild } from "../../test/go-child-run.ts";
import type { AccuracyRow } from "../runtime-accuracy.ts";

const exec = promisify(execFile);
/**
 * Alternations of one Wirebench child and the `go test -bench` runs: many short ones, since the load
 * of a shared machine changes from second to second and both should see the same.
 */
const pairs = 10;
/** `go test -count` per alternation (1 s runs, and batch-sized runs), and Wirebench's samples per child. */
const benchCount = 2;
const batchCount = 16;
const samplesPerChild = 16;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export async function accuracy(): Promise<AccuracyRow[]> {
  const status = await goRuntime.detect();
  if (!status.available) throw new Error(status.reason);
  const dir = mkdtempSync(join(tmpdir(), "wirebench-go-accuracy-"));
  try {
    const models = join(goModuleDir, "..", "..", "conformance", "data", "models");
    const schema = {
      file: join(models, "addressbook-go.proto"),
      rootType: "wirebench.models.go.AddressBook",
    };
    const first = readFileSync(join(models, "addressbook-go.ndjson"), "utf8").split("\n")[0] as string;
    const input = join(dir, "input.json");
    writeFileSync(input, `[${first}]`);
    const generated = join(dir, "generated");
    await goRuntime.generate?.({ idl: "proto", ...schema }, generated, new AbortController().signal);
    copyFileSync(
      join(goModuleDir, "testdata", "accuracy", "marshal_bench_test.go"),
      join(generated, "pb", "marshal_bench_test.go"),
    );
    const format = { id: "protobuf@go", format: "protobuf", impl: "protobuf", inputFile: input, schema };
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
    const wirebench: number[] = [];
    const community: number[] = [];
    const batched: number[] = [];
    const bench = async (count: number, benchtime: string) => {
      const { stdout } = await exec(
        "go",
        [
          "test",
          "-run",
          "^$",
          "-bench",
          "^BenchmarkMarshal$",
          "-benchtime",
          benchtime,
          "-count",
          String(count),
          "./pb",
        ],
        {
          cwd: generated,
          env: { ...process.env, ...goEnv(), WIREBENCH_BENCH_INPUT: input },
          maxBuffer: 16 << 20,
        },
      );
      return [...stdout.matchAll(/^BenchmarkMarshal\S*\s+\d+\s+([\d.]+) ns\/op/gm)].map((m) => Number(m[1]));
    };
    for (let p = 0; p < pairs; p++) {
      const run = await runChild(
        goRuntime.command([generated]).cmd,
        { protocol: 1, process: p, verify: false, workDir: dir, formats: [format], settings },
        samplesPerChild,
      );
      if (run.code !== 0) throw new Error(`the Go child failed: ${run.stderr}`);
      const encode = ofType(run, "samples").filter((s) => s.op === "encode");
      for (const s of encode) wirebench.push(...s.nsPerOp);
      const iterations = encode[0]?.iterations ?? 1000;
      community.push(...(await bench(benchCount, "1s")));
      batched.push(...(await bench(batchCount, `${iterations}x`)));
    }
    if (wirebench.length === 0 || community.length === 0 || batched.length === 0)
      throw new Error("no samples from one of the two");
    const what = "google.golang.org/protobuf proto.Marshal (AddressBook)";
    return [
      {
        runtime: "go",
        what,
        wirebenchNs: median(wirebench),
        community: `go test -bench -benchtime 1s (testing.B, -count ${benchCount} × ${pairs})`,
        communityNs: median(community),
      },
      {
        runtime: "go",
        what,
        wirebenchNs: median(wirebench),
        community: `go test -bench -benchtime <Wirebench's batch>x (testing.B, -count ${batchCount} × ${pairs})`,
        communityNs: median(batched),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
