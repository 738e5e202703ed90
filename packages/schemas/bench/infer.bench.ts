// Inference time and peak memory on the two largest corpus files. Prints figures; not a test.
// Run from the repo root: node --expose-gc --import tsx packages/schemas/bench/infer.bench.ts
//
// Three ways in, each in its own child process:
// - inferSchemaStream: what `wirebench infer` runs, the file's read stream through the tokenizer.
// - inferSchema: the same on the text already in memory.
// - inferDataset: the schema plus every message in the lossless data model, which the codecs
//   need whole. That tree costs a multiple of the input (about 6x for canada.json's numbers), so
//   its figures stay larger: it is not what `wirebench infer` runs.
//
// Two memory figures, both above a baseline that loads the same modules and reads the same file:
// - peak RSS: process.resourceUsage().maxRSS of the child (the OS's high-water mark) minus that of
//   a baseline child that does not infer. It counts everything the process touched, including
//   V8's young generation, which V8 enlarges (from 8 to 32 MB of new space here) once a few MB of
//   short-lived objects (tokens, number texts) survive a scavenge, however little stays alive in
//   the end, and keeps once enlarged. How much it grew is printed beside the figure: for
//   inferSchema it is most of it.
// - peak live heap: V8's used heap sampled after every garbage collection of one run (v8.GCProfiler)
//   and after a full collection at its end with the result still held, minus the used heap after a
//   full collection before the run. It is what the run keeps alive, at most, between collections:
//   the summary and open objects for inferSchema, the whole tree for inferDataset. Old-generation
//   garbage not yet collected counts too, so it is an upper bound.
// No V8 flags are set: the figures are those of a default `node`.
//
// JSON.parse of the same text is the reference: what merely reading the sample the usual way costs.
//
// A third input, canada.json ten times as NDJSON (22 MB), shows which part grows with the input:
// if the extra RSS of inferSchema were the input's doing it would grow tenfold with it.
import { spawnSync } from "node:child_process";
import { createReadStream, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import v8 from "node:v8";
import { corpusPath, readCorpus } from "@wirebench/corpus";
import { inferDataset, inferSchema, inferSchemaStream } from "../src/index.ts";

const childAt = process.argv.indexOf("--child");
// Children get the parent's file, so all of them read the same bytes.
const tenfold =
  childAt >= 0
    ? (process.argv[childAt + 3] as string)
    : join(mkdtempSync(join(tmpdir(), "wirebench-infer-bench-")), "canada-x10.ndjson");
/** Inputs by label: a corpus file, or the NDJSON of ten canada.json documents. */
const inputs = {
  "canada.json": { path: corpusPath("canada.json"), sampleFormat: "json" },
  "citm_catalog.json": { path: corpusPath("citm_catalog.json"), sampleFormat: "json" },
  "canada.json x10 (NDJSON)": { path: tenfold, sampleFormat: "ndjson" },
} as const;
type BenchFile = keyof typeof inputs;
const files = Object.keys(inputs) as BenchFile[];
const modes = ["inferSchemaStream", "inferSchema", "inferDataset", "JSON.parse"] as const;
type Mode = (typeof modes)[number] | "baseline";
/** Timed runs per file after one warm-up run (default 7). */
const runs = 7;

interface ChildReport {
  maxRssKb: number;
  /** V8's young generation (new space) at the end, which once grown stays reserved. */
  newSpaceBytes: number;
  timesMs: number[];
  peakLiveHeapBytes: number;
  fields: number;
}

const run: Record<(typeof modes)[number], (file: BenchFile, text: string) => Promise<unknown>> = {
  inferSchemaStream: (file) =>
    inferSchemaStream(createReadStream(inputs[file].path), { sampleFormat: inputs[file].sampleFormat }),
  inferSchema: async (file, text) => inferSchema(text, { sampleFormat: inputs[file].sampleFormat }),
  inferDataset: async (file, text) => inferDataset(text, { sampleFormat: inputs[file].sampleFormat }),
  "JSON.parse": async (file, text) =>
    inputs[file].sampleFormat === "ndjson"
      ? text
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line))
      : JSON.parse(text),
};

/** Root fields of a schema, or keys of the first parsed document (JSON.parse). */
const fieldCount = (result: unknown): number => {
  if (Array.isArray(result)) return Object.keys(result[0] as object).length;
  const schema = (result as { schema?: unknown }).schema ?? result;
  const root = (schema as { root?: { fields: unknown[] } }).root;
  return root ? root.fields.length : Object.keys(result as object).length;
};

async function warmUp(mode: (typeof modes)[number], file: BenchFile, text: string): Promise<number> {
  return fieldCount(await run[mode](file, text));
}

async function child(file: BenchFile, mode: Mode): Promise<void> {
  const text = readFileSync(inputs[file].path, "utf8");
  const gc = (globalThis as { gc?: () => void }).gc;
  const timesMs: number[] = [];
  let fields = 0;
  let peakLiveHeapBytes = 0;
  if (mode !== "baseline") {
    // Warm-up (JIT, lazy module loading) in a frame of its own: a result left in this frame's
    // registers would stay alive and be counted in the "before" heap.
    fields = await warmUp(mode, file, text);
    gc?.();
    const before = v8.getHeapStatistics().used_heap_size;
    const profiler = new v8.GCProfiler();
    profiler.start();
    const held = await run[mode](file, text);
    gc?.();
    const { statistics } = profiler.stop();
    fields = fieldCount(held);
    const after = statistics.map((s) => s.afterGC.heapStatistics.usedHeapSize);
    peakLiveHeapBytes = Math.max(0, ...after) - before;
    for (let i = 0; i < runs; i++) {
      gc?.();
      const start = performance.now();
      const result = await run[mode](file, text);
      timesMs.push(performance.now() - start);
      // Used after timing so the work cannot be optimised away.
      fields = fieldCount(result);
    }
  } else if (text.length === 0) throw new Error(`${file} is empty`);
  const report: ChildReport = {
    maxRssKb: process.resourceUsage().maxRSS,
    newSpaceBytes: v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0,
    timesMs,
    peakLiveHeapBytes,
    fields,
  };
  process.stdout.write(JSON.stringify(report));
}

function runChild(file: BenchFile, mode: Mode): ChildReport {
  const res = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, "--child", file, mode, tenfold],
    {
      encoding: "utf8",
    },
  );
  if (res.status !== 0) throw new Error(`bench child for ${file} (${mode}) failed: ${res.stderr}`);
  return JSON.parse(res.stdout) as ChildReport;
}

function main(): void {
  const hasGc = typeof (globalThis as { gc?: unknown }).gc === "function";
  if (!hasGc)
    console.log(
      "run with --expose-gc: runs then start from a collected heap and the live-heap figure means something",
    );
  const canada = readCorpus("canada.json");
  writeFileSync(
    tenfold,
    `${Array.from({ length: 10 }, () => JSON.stringify(JSON.parse(canada))).join("\n")}\n`,
  );
  for (const file of files) {
    const bytes = statSync(inputs[file].path).size;
    const base = runChild(file, "baseline");
    console.log(`${file}: ${(bytes / 1e6).toFixed(2)} MB`);
    for (const mode of modes) {
      const r = runChild(file, mode);
      const times = [...r.timesMs].sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const rss = (r.maxRssKb - base.maxRssKb) * 1024;
      const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB = ${(n / bytes).toFixed(1)}x input`;
      console.log(
        `  ${mode}: median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}, ` +
          `${runs} runs after 1 warm-up); peak RSS above baseline ${mb(rss)} ` +
          `(young generation +${((r.newSpaceBytes - base.newSpaceBytes) / 1e6).toFixed(1)} MB); ` +
          `peak live heap ${mb(r.peakLiveHeapBytes)}; ${r.fields} root field(s)`,
      );
    }
  }
}

if (childAt >= 0) await child(process.argv[childAt + 1] as BenchFile, process.argv[childAt + 2] as Mode);
else main();
