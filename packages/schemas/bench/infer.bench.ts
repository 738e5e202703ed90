// Inference time and peak memory on the two largest corpus files. Prints figures; not a test.
// Run from the repo root: node --expose-gc --import tsx packages/schemas/bench/infer.bench.ts
//
// Peak memory is measured, not estimated: each file runs in its own child process, which reports
// process.resourceUsage().maxRSS (the OS's high-water mark of resident memory). A baseline child
// loads the same modules and reads the same file but does not infer; the difference is the peak
// memory inference adds. Heap deltas in one process would miss garbage collected mid-run.
import { spawnSync } from "node:child_process";
import { readCorpus } from "@wirebench/corpus";
import { inferDataset } from "../src/index.ts";

const files = ["canada.json", "citm_catalog.json"] as const;
type BenchFile = (typeof files)[number];
/** Timed runs per file after one warm-up run (default 7). */
const runs = 7;

interface ChildReport {
  maxRssKb: number;
  timesMs: number[];
  messages: number;
}

function child(file: BenchFile, mode: "infer" | "baseline"): void {
  const text = readCorpus(file);
  const gc = (globalThis as { gc?: () => void }).gc;
  const timesMs: number[] = [];
  let messages = 0;
  if (mode === "infer") {
    messages = inferDataset(text).messages.length; // warm-up: JIT and lazy module loading
    for (let i = 0; i < runs; i++) {
      gc?.();
      const start = performance.now();
      const dataset = inferDataset(text);
      timesMs.push(performance.now() - start);
      // Used after timing so the work cannot be optimised away.
      messages = dataset.messages.length;
    }
  } else if (text.length === 0) throw new Error(`${file} is empty`);
  const report: ChildReport = { maxRssKb: process.resourceUsage().maxRSS, timesMs, messages };
  process.stdout.write(JSON.stringify(report));
}

function runChild(file: BenchFile, mode: "infer" | "baseline"): ChildReport {
  const res = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, "--child", file, mode],
    {
      encoding: "utf8",
    },
  );
  if (res.status !== 0) throw new Error(`bench child for ${file} (${mode}) failed: ${res.stderr}`);
  return JSON.parse(res.stdout) as ChildReport;
}

function main(): void {
  const hasGc = typeof (globalThis as { gc?: unknown }).gc === "function";
  for (const file of files) {
    const bytes = Buffer.byteLength(readCorpus(file));
    const base = runChild(file, "baseline");
    const run = runChild(file, "infer");
    const times = [...run.timesMs].sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const peak = (run.maxRssKb - base.maxRssKb) * 1024;
    console.log(
      `${file}: ${(bytes / 1e6).toFixed(2)} MB, ${run.messages} message(s); inference median ${median.toFixed(0)} ms ` +
        `(min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}, ${runs} runs after 1 warm-up); ` +
        `peak RSS above baseline ${(peak / 1e6).toFixed(1)} MB = ${(peak / bytes).toFixed(1)}x input` +
        (hasGc ? "" : " (run with --expose-gc so runs start from a collected heap)"),
    );
  }
}

const at = process.argv.indexOf("--child");
if (at >= 0) child(process.argv[at + 1] as BenchFile, process.argv[at + 2] as "infer" | "baseline");
else main();
