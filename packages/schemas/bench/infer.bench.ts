// Inference time and peak extra memory on the two largest corpus files.
// Run: npx tsx packages/schemas/bench/infer.bench.ts   (prints figures; not a test)
import { readCorpus } from "@wirebench/corpus";
import { inferDataset } from "../src/index.ts";

const files = ["canada.json", "citm_catalog.json"] as const;
const runs = 7;
const gc = (globalThis as { gc?: () => void }).gc;

const heap = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

for (const file of files) {
  const text = readCorpus(file);
  const bytes = Buffer.byteLength(text);
  inferDataset(text); // warm-up: JIT and lazy module loading
  const times: number[] = [];
  let growth = 0;
  let retained = 0;
  for (let i = 0; i < runs; i++) {
    gc?.();
    const before = heap();
    const start = performance.now();
    const dataset = inferDataset(text);
    times.push(performance.now() - start);
    // Heap growth before any collection: an upper bound of the peak (garbage included).
    growth = Math.max(growth, heap() - before);
    gc?.();
    // What stays: the schema and the messages in the data model (the result itself).
    retained = Math.max(retained, heap() - before);
    if (dataset.messages.length === 0) throw new Error("no messages");
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const x = (n: number) => `${(n / 1e6).toFixed(1)} MB = ${(n / bytes).toFixed(1)}x input`;
  console.log(
    `${file}: ${(bytes / 1e6).toFixed(2)} MB; inference median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}, ${runs} runs); ` +
      `heap growth during inference (peak bound) ${x(growth)}; retained dataset ${x(retained)}${gc ? "" : " (run with --expose-gc)"}`,
  );
}
