import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FormatResult } from "@wirebench/contracts";
import { pythonChild, pythonRuntime } from "../../src/definitions/python.ts";
import { measureInRuntime } from "../../src/index.ts";
import { addressBookFirst, median } from "../accuracy-shared.ts";
import type { AccuracyRow } from "../runtime-accuracy.ts";

/**
 * Python: Wirebench's median (measureInRuntime with the default settings: 2 processes × 4 rounds × 2
 * samples, Node's own statistics) for protobuf's `msg.SerializeToString()` and `orjson.dumps(obj)` on
 * the first AddressBook message (206 B of Protobuf), beside the community's tools timing the same
 * calls on the very input files and protoc code the run used, in the same interpreter:
 *
 * - pytest-benchmark with its defaults (rounds of a calibrated number of calls for up to 1 s, GC on).
 *   For a sub-microsecond call it picks rounds of one call, so each figure includes a round's own
 *   cost (two timer reads and the call through it), which its empty-function benchmark measures:
 *   a second row subtracts that;
 * - `python -m timeit -n N -r 25` with N = Wirebench's calls per sample (like against like).
 *
 * `python -m timeit` typed bare (autorange, best of 5) is printed but not compared: each repeat lasts
 * ≥ 0.2 s, so on a loaded machine every repeat holds the scheduler's preemptions (on 2 busy cores it
 * read 2–4× the call's cost), while medians of short batches or rounds pick undisturbed ones.
 * Load drifts, so the three alternate `ROUNDS` times; each figure is the median of its runs' medians.
 */

const exec = promisify(execFile);
const ROUNDS = 3;
const TIMEIT_REPEAT = 25;
const benchDir = join(pythonChild, "..", "bench");
const keys = ["protobuf", "orjson"] as const;
type Key = (typeof keys)[number];

interface PytestBenchmarkJson {
  benchmarks: { name: string; stats: { median: number; iterations: number } }[];
}

const perKey = () => ({ protobuf: [] as number[], orjson: [] as number[], nothing: [] as number[] });

export async function accuracy(): Promise<AccuracyRow[]> {
  const available = await pythonRuntime.detect();
  if (!available.available) throw new Error(available.reason);
  const work = mkdtempSync(join(tmpdir(), "wirebench-python-accuracy-"));
  try {
    const { dataset, schema } = addressBookFirst();
    const wirebench = perKey();
    const batch = perKey();
    const pytest = perKey();
    const pytestIterations = perKey();
    const timeitN = perKey();
    const timeitBare = perKey();
    const { cmd } = pythonRuntime.command([]);
    for (let round = 0; round < ROUNDS; round++) {
      const runDir = join(work, `run-${round}`);
      const run = await measureInRuntime(pythonRuntime, { dataset, formats: [...keys], workDir: runDir });
      for (const k of keys) {
        const f = run.formats.find((e) => e.id === `${k}@python`) as FormatResult | undefined;
        if (!f?.encode) throw new Error(`${k}@python: ${f?.error ?? "no encode timing"}`);
        wirebench[k].push(f.encode.medianNs);
        batch[k].push(f.encode.iterationsPerSample ?? 1);
      }

      // The community side reads the run's own inputs and schema; protoc writes its code afresh.
      const protoDir = join(runDir, "input-protojson");
      const proto = readdirSync(protoDir).find((f) => f.endsWith(".proto")) as string;
      const protojson = join(protoDir, "input.protojson.json");
      const data = join(runDir, "input-data", "input.data.json");
      const gen = join(work, `gen-${round}`);
      mkdirSync(gen);
      await pythonRuntime.generate?.(
        { idl: "proto", file: join(protoDir, proto), rootType: schema.rootType },
        gen,
        AbortSignal.timeout(120_000),
      );
      const pb2 = `${basename(proto, ".proto").replace(/[-.]/g, "_")}_pb2`;

      const ini = join(work, "pytest.ini");
      writeFileSync(ini, "[pytest]\n");
      const pytestArgs = [
        "-I",
        "-B",
        "-m",
        "pytest",
        "-c",
        ini,
        "--rootdir",
        work,
        "-p",
        "no:cacheprovider",
        "-q",
      ];
      const env = { ...process.env, WIREBENCH_GEN: gen, WIREBENCH_PB2: pb2, WIREBENCH_CLASS: "AddressBook" };
      const out = join(work, `pytest-benchmark-${round}.json`);
      await exec(cmd, [...pytestArgs, join(benchDir, "bench_pytest_encode.py"), `--benchmark-json=${out}`], {
        env: { ...env, WIREBENCH_PROTOJSON: protojson, WIREBENCH_DATA: data },
        cwd: work,
        timeout: 300_000,
      });
      const report = JSON.parse(readFileSync(out, "utf8")) as PytestBenchmarkJson;
      for (const b of report.benchmarks) {
        const k = b.name.replace(/^test_/, "") as Key | "nothing";
        pytest[k]?.push(b.stats.median * 1e9);
        pytestIterations[k]?.push(b.stats.iterations);
      }

      const timeit = [
        "-I",
        "-B",
        join(benchDir, "timeit_encode.py"),
        gen,
        pb2,
        "AddressBook",
        protojson,
        data,
      ];
      const loops = keys.map((k) => String(Math.round(batch[k].at(-1) as number)));
      const withN = await exec(cmd, [...timeit, String(TIMEIT_REPEAT), ...loops], { timeout: 300_000 });
      const bare = await exec(cmd, [...timeit, "5"], { timeout: 300_000 });
      const nRun = JSON.parse(withN.stdout) as Record<Key, number[]>;
      const bareRun = JSON.parse(bare.stdout) as Record<Key, number[]>;
      for (const k of keys) {
        timeitN[k].push(median(nRun[k]));
        timeitBare[k].push(Math.min(...bareRun[k]));
      }
    }

    const ns = (xs: number[]) => xs.map((x) => `${x.toFixed(0)}`).join("/");
    for (const k of keys)
      console.error(
        `python ${k} (ns, per alternation): Wirebench ${ns(wirebench[k])} (batches of ${ns(batch[k])}); ` +
          `pytest-benchmark ${ns(pytest[k])} (${ns(pytestIterations[k])} calls a round; an empty round costs ${ns(pytest.nothing)}); timeit -n ${ns(timeitN[k])}; python -m timeit bare, best of 5: ${ns(timeitBare[k])} (not compared)`,
      );
    const rows = (k: Key, what: string): AccuracyRow[] => [
      {
        runtime: "python",
        what,
        wirebenchNs: median(wirebench[k]),
        community: `pytest-benchmark (defaults; median of ${ROUNDS} runs)`,
        communityNs: median(pytest[k]),
      },
      {
        runtime: "python",
        what,
        wirebenchNs: median(wirebench[k]),
        community: "the same, less its empty round's median (the timer reads a 1-call round includes)",
        communityNs: median(pytest[k]) - median(pytest.nothing),
      },
      {
        runtime: "python",
        what,
        wirebenchNs: median(wirebench[k]),
        community: `python -m timeit -n <Wirebench's batch> -r ${TIMEIT_REPEAT} (median of ${ROUNDS} runs)`,
        communityNs: median(timeitN[k]),
      },
    ];
    return [
      ...rows("protobuf", "protobuf (upb) msg.SerializeToString() (AddressBook, 206 B)"),
      ...rows("orjson", "orjson.dumps(obj) (AddressBook as data)"),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Run alone: `npx tsx bench/accuracy/python.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await accuracy());
