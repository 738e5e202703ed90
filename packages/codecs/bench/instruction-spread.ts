/**
 * Spread of instruction counts over 5 fresh processes against the spread of wall-clock medians over
 * 5 fresh processes, for json, msgpackr, protobuf and avro on the ~10 KB twitter sample. Spread is
 * (max − min) ÷ min for counts and (max − min) ÷ median for the wall-clock medians (the Result's
 * processSpread). Prints figures; asserts nothing. Run: npx tsx packages/codecs/bench/instruction-spread.ts
 */
import { loadDataset } from "@wirebench/schemas";
import { runComparison } from "../src/index.ts";
import { fmtNs, tenKbTwitterSample } from "./bench-helpers.ts";

const processes = 5;
const started = Date.now();
const result = await runComparison(loadDataset({ text: tenKbTwitterSample().text }), {
  formats: ["json", "msgpackr", "protobuf", "avro"],
  settings: { processes },
  metric: "instructions",
  instructions: { processes },
});
if (!result.instructions?.available) throw new Error(`no counts: ${result.instructions?.reason}`);
const pct = (x: number | undefined) => (x === undefined ? "-" : `${(x * 100).toFixed(4)} %`);
console.log(
  `| format | op | instructions/op | count spread (${processes} processes) | wall median | wall spread (${processes} processes) |`,
);
console.log("| --- | --- | ---: | ---: | ---: | ---: |");
for (const f of result.formats) {
  for (const op of ["encode", "decode"] as const) {
    const c = f.instructions?.[op];
    const t = f[op];
    console.log(
      `| ${f.id} | ${op} | ${c ? Math.round(c.perOp).toLocaleString("en-US") : (f.instructions?.error ?? f.error)} | ${pct(c?.spread)} | ${t ? fmtNs(t.medianNs) : "-"} | ${pct(t?.processSpread)} |`,
    );
  }
}
console.log(
  `\ncallgrind ${result.instructions.valgrindVersion}, ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
