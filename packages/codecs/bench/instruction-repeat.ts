/**
 * Two `--metric instructions` runs of the same sample, every format that carries it: per operation,
 * the count of each run and how far apart they are. Run it beside other work (the "while
 * the machine's other core is busy") and read the largest delta. Prints figures; asserts nothing.
 * Run: npx tsx packages/codecs/bench/instruction-repeat.ts [--formats capnp,json]   (~10 KB twitter
 * sample; quick timings; every format unless --formats)
 */
import { loadDataset } from "@wirebench/schemas";
import { type Result, runComparison } from "../src/index.ts";
import { tenKbTwitterSample } from "./bench-helpers.ts";

const dataset = loadDataset({ text: tenKbTwitterSample().text });
const started = Date.now();
const i = process.argv.indexOf("--formats");
const formats = i >= 0 ? process.argv[i + 1]?.split(",") : undefined;
const once = () =>
  runComparison(dataset, { quick: true, metric: "instructions", ...(formats ? { formats } : {}) });
const runs: Result[] = [await once(), await once()];
const count = (r: Result, id: string, op: "encode" | "decode" | "access") =>
  r.formats.find((f) => f.id === id)?.instructions?.[op];

console.log("| format | op | run 1 | run 2 | delta | noisy |");
console.log("| --- | --- | ---: | ---: | ---: | --- |");
let largest = { delta: 0, at: "" };
for (const f of runs[0]?.formats ?? []) {
  for (const op of ["encode", "decode", "access"] as const) {
    const a = count(runs[0] as Result, f.id as string, op);
    const b = count(runs[1] as Result, f.id as string, op);
    if (!a || !b) continue;
    const delta = Math.abs(b.perOp - a.perOp) / a.perOp;
    if (delta > largest.delta) largest = { delta, at: `${f.id} ${op}` };
    const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
    console.log(
      `| ${f.id} | ${op} | ${fmt(a.perOp)} | ${fmt(b.perOp)} | ${(delta * 100).toFixed(3)} % | ${a.noisy || b.noisy ? "yes" : ""} |`,
    );
  }
  if (f.instructions?.error) console.log(`| ${f.id} | - | ${f.instructions.error} | | | |`);
}
console.log(
  `\nlargest delta ${(largest.delta * 100).toFixed(3)} % (${largest.at}); ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
