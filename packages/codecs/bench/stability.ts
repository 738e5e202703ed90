/**
 * Stability: three consecutive compares on twitter.json; do the medians agree within the reported
 * 95% CIs? Prints, per format and operation, the three medians and whether every pair of CIs overlaps.
 * A benchmark, not a test: run it on a quiet machine.
 *   npm run bench:stability -w @wirebench/codecs     (or: npx tsx packages/codecs/bench/stability.ts)
 */
import { runComparison, type Timing } from "../src/index.ts";
import { corpusDataset, fmtNs, pct, timingOf } from "./bench-helpers.ts";

const ids = ["json", "msgpackr", "cbor", "protobuf", "avro", "flatbuffers"];
const dataset = corpusDataset("twitter.json");
const runs = [];
for (let i = 0; i < 3; i++) {
  runs.push(await runComparison(dataset, { formats: ids }));
  console.error(`compare ${i + 1}/3 done`);
}
let agree = 0;
let total = 0;
const overlaps = (a: Timing, b: Timing) => a.ciLowNs <= b.ciHighNs && b.ciLowNs <= a.ciHighNs;
console.log("twitter.json — three consecutive compares (median [95% CI])");
for (const id of ids) {
  for (const op of ["encode", "decode"] as const) {
    const t = runs.map((r) => timingOf(r, id, op));
    const ok =
      overlaps(t[0] as Timing, t[1] as Timing) &&
      overlaps(t[0] as Timing, t[2] as Timing) &&
      overlaps(t[1] as Timing, t[2] as Timing);
    const meds = t.map((x) => x.medianNs);
    const spread = (Math.max(...meds) - Math.min(...meds)) / Math.min(...meds);
    total++;
    if (ok) agree++;
    const cells = t.map((x) => `${fmtNs(x.medianNs)} [${fmtNs(x.ciLowNs)}, ${fmtNs(x.ciHighNs)}]`).join("  ");
    console.log(
      `${`${id} ${op}`.padEnd(20)} ${cells}  spread ${pct(spread)}  ${ok ? "CIs agree" : "CIs DISAGREE"}`,
    );
  }
}
console.log(`${agree}/${total} format-operations agree within their CIs across the three runs`);
console.log(
  `run noise (between processes): ${runs.map((r) => pct(r.noise?.betweenProcesses ?? Number.NaN)).join(", ")}`,
);
