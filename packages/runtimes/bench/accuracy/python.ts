import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { defaultSettings } from "@wirebench/codecs";
import type { RuntimeRequest, RuntimeSettings } from "@wirebench/contracts";
import { pythonChild, pythonRuntime } from "../../src/definitions/python.ts";
import { addressBookMessages, addressBookProto, runChild, writeJson } from "../../test/python-child-io.ts";
import type { AccuracyRow } from "../runtime-accuracy.ts";

/**
 * Python: Wirebench's median for protobuf's SerializeToString and orjson.dumps on the first
 * AddressBook message (206 B of Protobuf) beside the community's tools on the same calls and
 * message, all in the interpreter of .wirebench/runtimes-python:
 *
 * - pytest-benchmark with its defaults (rounds of a calibrated number of calls for up to 1 s, GC on):
 *   the median of its medians;
 * - `python -m timeit -n N -r 25` with N = the calls per batch Wirebench calibrated (like against
 *   like): the median of every repeat's per-call time.
 *
 * `python -m timeit` as typed bare (autorange, best of 5) is printed but not compared: each of its
 * repeats lasts ≥ 0.2 s, so on a loaded machine every repeat holds the scheduler's preemptions (on 2
 * busy cores it read 2–4× the call's cost), while medians of short batches pick undisturbed ones.
 * Load drifts, so the tools alternate `ROUNDS` times; Wirebench's figure is the median of its pooled
 * samples (3 processes × 4 rounds × 2 samples per alternation, the default settings).
 */

const exec = promisify(execFile);
const ROUNDS = 3;
const TIMEIT_REPEAT = 25;
const benchDir = join(pythonChild, "..", "bench");
const keys = ["protobuf", "orjson"] as const;
type Key = (typeof keys)[number];

const settings: RuntimeSettings = {
  rounds: defaultSettings.rounds,
  targetSampleMs: defaultSettings.targetSampleMs,
  warmupMinMs: defaultSettings.warmupMinMs,
  warmupMinIterations: defaultSettings.warmupMinIterations,
  warmupEnoughMs: defaultSettings.warmupEnoughMs,
  warmupMaxMs: defaultSettings.warmupMaxMs,
  warmupTolerance: defaultSettings.warmupTolerance,
};
const samplesPerProcess = defaultSettings.rounds * defaultSettings.samplesPerRound;

interface PytestBenchmarkJson {
  benchmarks: { name: string; stats: { median: number } }[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const perKey = () => ({ protobuf: [] as number[], orjson: [] as number[] });

export async function accuracy(): Promise<AccuracyRow[]> {
  const available = await pythonRuntime.detect();
  if (!available.available) throw new Error(available.reason);
  const work = mkdtempSync(join(tmpdir(), "wirebench-python-accuracy-"));
  try {
    const gen = join(work, "gen");
    mkdirSync(gen);
    const rootType = "wirebench.models.go.AddressBook";
    const schema = { file: addressBookProto, rootType };
    await pythonRuntime.generate?.({ idl: "proto", ...schema }, gen, AbortSignal.timeout(120_000));
    const protojson = writeJson(work, "protojson.json", [addressBookMessages[0]]);
    const data = writeJson(work, "data.json", [addressBookMessages[0]]);
    const request = (process: number): RuntimeRequest => ({
      protocol: 1,
      process,
      verify: process === 0,
      workDir: work,
      settings,
      formats: [
        {
          id: "protobuf@python",
          format: "protobuf",
          impl: "protobuf",
          inputFile: protojson,
          schema,
          generatedDir: gen,
        },
        { id: "orjson@python", format: "json", impl: "orjson", inputFile: data },
      ],
    });
    const { cmd } = pythonRuntime.command([]);
    const timeitArgs = [
      "-I",
      "-B",
      join(benchDir, "timeit_encode.py"),
      gen,
      "addressbook_go_pb2",
      "AddressBook",
    ];
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
    const pytestEnv = {
      ...process.env,
      WIREBENCH_GEN: gen,
      WIREBENCH_PB2: "addressbook_go_pb2",
      WIREBENCH_CLASS: "AddressBook",
      WIREBENCH_PROTOJSON: protojson,
      WIREBENCH_DATA: data,
    };

    const wirebench = perKey();
    const pytest = perKey();
    const timeitN = perKey();
    const timeitBare = perKey();
    const batches = perKey();
    for (let round = 0; round < ROUNDS; round++) {
      for (let p = 0; p < defaultSettings.processes; p++) {
        const run = await runChild(pythonRuntime, request(p), samplesPerProcess);
        if (run.code !== 0) throw new Error(`python child exited ${run.code}: ${run.stderr.trim()}`);
        for (const m of run.messages) {
          if (m.type === "failed") throw new Error(`${m.id}: ${m.error}`);
          if ((m.type !== "samples" && m.type !== "calibrated") || m.op !== "encode") continue;
          const key = m.id.split("@")[0] as Key;
          if (m.type === "samples") wirebench[key].push(...m.nsPerOp);
          else batches[key].push(m.iterations);
        }
      }

      const out = join(work, `pytest-benchmark-${round}.json`);
      const script = join(benchDir, "bench_pytest_encode.py");
      await exec(cmd, [...pytestArgs, script, `--benchmark-json=${out}`], {
        env: pytestEnv,
        cwd: work,
        timeout: 300_000,
      });
      const report = JSON.parse(readFileSync(out, "utf8")) as PytestBenchmarkJson;
      for (const b of report.benchmarks)
        pytest[b.name.replace(/^test_/, "") as Key]?.push(b.stats.median * 1e9);

      const loops = keys.map((k) => String(Math.round(median(batches[k]))));
      const withN = await exec(cmd, [...timeitArgs, protojson, data, String(TIMEIT_REPEAT), ...loops], {
        timeout: 300_000,
      });
      const bare = await exec(cmd, [...timeitArgs, protojson, data, "5"], { timeout: 300_000 });
      for (const [into, text] of [
        [timeitN, withN.stdout],
        [timeitBare, bare.stdout],
      ] as const) {
        const timed = JSON.parse(text) as Record<Key, number[]>;
        for (const k of keys) into[k].push(...timed[k]);
      }
    }

    const ns = (x: number) => `${x.toFixed(1)} ns`;
    for (const k of keys)
      console.error(
        `python ${k}: Wirebench median ${ns(median(wirebench[k]))} over ${wirebench[k].length} samples, batches of ${batches[k].join("/")} calls; ` +
          `pytest-benchmark medians ${pytest[k].map(ns).join(", ")}; python -m timeit (bare) best of 5 ${ns(Math.min(...timeitBare[k]))} (not compared)`,
      );
    const rows = (k: Key, what: string): AccuracyRow[] => [
      {
        runtime: "python",
        what,
        wirebenchNs: median(wirebench[k]),
        community: `pytest-benchmark (defaults; median of ${ROUNDS} runs' medians)`,
        communityNs: median(pytest[k]),
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
      ...rows("protobuf", "protobuf (upb) SerializeToString (AddressBook, 206 B)"),
      ...rows("orjson", "orjson.dumps (AddressBook as data)"),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Run alone: `npx tsx bench/accuracy/python.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await accuracy());
