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
 * AddressBook message (206 B of Protobuf), beside pytest-benchmark's median for the same calls on
 * the same message (its defaults: up to 1 s of calibrated rounds, GC on), all in the interpreter of
 * .wirebench/runtimes-python. Load drifts on a shared machine, so the sides alternate `ROUNDS` times;
 * Wirebench's figure is the median of its pooled samples (3 processes × 4 rounds × 2 samples, the
 * default settings, per round of this check), pytest-benchmark's the median of its medians.
 *
 * `python -m timeit` (autorange, best of 5) is printed too, but not compared: each of its repeats
 * lasts ≥ 0.2 s, so on a loaded machine every repeat holds the scheduler's preemptions and its
 * figure measures the load (on 2 busy cores it read 2–4× the call's cost), while the medians of
 * short batches or rounds pick the undisturbed ones.
 */

const exec = promisify(execFile);
const ROUNDS = 3;
const TIMEIT_REPEAT = 5;
const benchDir = join(pythonChild, "..", "bench");

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

export async function accuracy(): Promise<AccuracyRow[]> {
  const available = await pythonRuntime.detect();
  if (!available.available) throw new Error(available.reason);
  const work = mkdtempSync(join(tmpdir(), "wirebench-python-accuracy-"));
  try {
    const gen = join(work, "gen");
    mkdirSync(gen);
    const rootType = "wirebench.models.go.AddressBook";
    await pythonRuntime.generate?.(
      { idl: "proto", file: addressBookProto, rootType },
      gen,
      AbortSignal.timeout(120_000),
    );
    const one = [addressBookMessages[0]];
    const protojson = writeJson(work, "protojson.json", one);
    const data = writeJson(work, "data.json", one);
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
          schema: { file: addressBookProto, rootType },
          generatedDir: gen,
        },
        { id: "orjson@python", format: "json", impl: "orjson", inputFile: data },
      ],
    });

    const wirebench: Record<string, number[]> = { protobuf: [], orjson: [] };
    const community: Record<string, number[]> = { protobuf: [], orjson: [] };
    const timeit: Record<string, number[]> = { protobuf: [], orjson: [] };
    const { cmd } = pythonRuntime.command([]);
    const env = {
      ...process.env,
      WIREBENCH_GEN: gen,
      WIREBENCH_PB2: "addressbook_go_pb2",
      WIREBENCH_CLASS: "AddressBook",
      WIREBENCH_PROTOJSON: protojson,
      WIREBENCH_DATA: data,
    };
    const ini = join(work, "pytest.ini");
    writeFileSync(ini, "[pytest]\n");
    for (let round = 0; round < ROUNDS; round++) {
      for (let p = 0; p < defaultSettings.processes; p++) {
        const run = await runChild(pythonRuntime, request(p), samplesPerProcess);
        if (run.code !== 0) throw new Error(`python child exited ${run.code}: ${run.stderr.trim()}`);
        for (const m of run.messages) {
          if (m.type === "failed") throw new Error(`${m.id}: ${m.error}`);
          if (m.type === "samples" && m.op === "encode")
            wirebench[m.id.split("@")[0] as string]?.push(...m.nsPerOp);
        }
      }
      const out = join(work, `pytest-benchmark-${round}.json`);
      const pytest = [
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
      await exec(cmd, [...pytest, join(benchDir, "bench_pytest_encode.py"), `--benchmark-json=${out}`], {
        env,
        cwd: work,
        timeout: 300_000,
      });
      const report = JSON.parse(readFileSync(out, "utf8")) as PytestBenchmarkJson;
      for (const b of report.benchmarks) community[b.name.replace(/^test_/, "")]?.push(b.stats.median * 1e9);
      const args = [
        "-I",
        "-B",
        join(benchDir, "timeit_encode.py"),
        gen,
        "addressbook_go_pb2",
        "AddressBook",
        protojson,
        data,
      ];
      const { stdout } = await exec(cmd, [...args, String(TIMEIT_REPEAT)], { timeout: 300_000 });
      const timed = JSON.parse(stdout) as Record<string, number[]>;
      for (const k of Object.keys(timeit)) timeit[k]?.push(...(timed[k] ?? []));
    }
    for (const k of Object.keys(community))
      console.error(
        `python ${k}: Wirebench median ${median(wirebench[k] ?? []).toFixed(1)} ns (${wirebench[k]?.length} samples); pytest-benchmark medians ${community[k]?.map((x) => x.toFixed(1)).join(", ")} ns; python -m timeit best of ${TIMEIT_REPEAT} ${Math.min(...(timeit[k] ?? [])).toFixed(1)} ns (not compared, see above)`,
      );
    const row = (k: string, what: string): AccuracyRow => ({
      runtime: "python",
      what,
      wirebenchNs: median(wirebench[k] ?? []),
      community: `pytest-benchmark (defaults, median of ${ROUNDS} runs' medians)`,
      communityNs: median(community[k] ?? []),
    });
    return [
      row("protobuf", "protobuf (upb) SerializeToString (AddressBook, 206 B)"),
      row("orjson", "orjson.dumps (AddressBook as data)"),
    ];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// Run alone: `npx tsx bench/accuracy/python.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await accuracy());
