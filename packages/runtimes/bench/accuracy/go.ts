/**
 * Go: Wirebench's median (measureInRuntime, default settings; the median of its medians over the
 * alternations) for `proto.Marshal` of the Go article's AddressBook (first message, code
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
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { goEnv, goModuleDir, goRuntime } from "../../src/definitions/go.ts";
import { measureInRuntime } from "../../src/index.ts";
import { addressBookFirst, alternate, median } from "../accuracy-shared.ts";
import type { AccuracyRow } from "../runtime-accuracy.ts";

const exec = promisify(execFile);
/**
 * Alternations of one Wirebench child and the `go test -bench` runs: many short ones, since the load
 * of a shared machine changes from second to second and both should see the same.
 */
const pairs = 10;
/** `go test -count` per alternation: 1 s runs, and runs of Wirebench's batch. */
const benchCount = 2;
const batchCount = 16;

export async function accuracy(): Promise<AccuracyRow[]> {
  const status = await goRuntime.detect();
  if (!status.available) throw new Error(status.reason);
  const dir = mkdtempSync(join(tmpdir(), "wirebench-go-accuracy-"));
  try {
    const { schema, line: first, dataset } = addressBookFirst();
    const input = join(dir, "input.json");
    writeFileSync(input, `[${first}]`);
    const generated = join(dir, "generated");
    await goRuntime.generate?.({ idl: "proto", ...schema }, generated, new AbortController().signal);
    copyFileSync(
      join(goModuleDir, "testdata", "accuracy", "marshal_bench_test.go"),
      join(generated, "pb", "marshal_bench_test.go"),
    );
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
    const { wirebench, community, batched } = await alternate(pairs, async (p) => {
      // Wirebench as a user runs it (default settings), one child process per alternation.
      const run = await measureInRuntime(goRuntime, {
        dataset,
        formats: ["protobuf@go"],
        processes: 1,
        workDir: join(dir, `run-${p}`),
      });
      const encode = run.formats[0]?.encode;
      if (!encode)
        throw new Error(`Wirebench measured no encode: ${run.formats[0]?.error ?? run.status.reason}`);
      const iterations = encode.iterationsPerSample ?? 1000;
      return {
        wirebench: [encode.medianNs],
        community: await bench(benchCount, "1s"),
        batched: await bench(batchCount, `${iterations}x`),
      };
    });
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
