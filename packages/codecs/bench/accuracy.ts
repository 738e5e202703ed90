/**
 * Accuracy: Wirebench's median encode/decode (child processes, calibrated batches) against an
 * independent tinybench run calling each library directly, interleaved in the same run (every
 * Wirebench run between two tinybench passes), on citm_catalog.json (`ACCURACY_DOC=10kB`: the
 * 10 KB time-to-result sample, where Wirebench's batches and warm-ups are shortest). Both report a median per
 * operation, so the verdict compares Wirebench's median with tinybench's p50 (target: within ±15%);
 * the ratio to tinybench's mean is printed alongside. A benchmark, not a test.
 *   npm run bench:accuracy -w @wirebench/codecs     (or: npx tsx packages/codecs/bench/accuracy.ts)
 *   WB_SETTINGS='{"processes":1}' overrides the measurement settings.
 */

import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { inferDataset } from "@wirebench/schemas";
import { runComparison } from "../src/index.ts";
import { accuracyDocument, fmtNs, median, pct, timingOf } from "./bench-helpers.ts";
import { encoded, ids } from "./direct-calls.ts";

/** Wirebench runs, each between two tinybench passes (default 5). */
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const doc = accuracyDocument();
const dataset = inferDataset(doc.text);

// A direct call that encodes less than the adapter (a misconfigured type skipping fields) would look fast.
const wbBytes = await runComparison(dataset, { formats: [...ids], verifyOnly: true });
for (const id of ids) {
  const expected = wbBytes.formats.find((f) => f.id === id)?.bytes;
  if (encoded[id].length !== expected)
    throw new Error(
      `${id}: direct call encodes ${encoded[id].length} B, the adapter ${expected} B; fix the bench`,
    );
}
const push = (m: Record<string, number[]>, k: string, v: number) => {
  if (!m[k]) m[k] = [];
  m[k].push(v);
};
const directScript = fileURLToPath(new URL("./direct-calls.ts", import.meta.url));
let sink = false;
/** One tinybench pass in a fresh process, like each of Wirebench's measurement children. */
function tinybenchPass(): { p50: Record<string, number>; mean: Record<string, number> } {
  const out = execFileSync(process.execPath, ["--import", "tsx", directScript], { encoding: "utf8" });
  const r = JSON.parse(out.trim().split("\n").pop() as string);
  sink ||= r.sink;
  return r;
}

// The machine's speed drifts by tens of percent over seconds (docs/architecture.md, "Measurement"),
// so each Wirebench run is sandwiched between two tinybench passes and compared with their
// average: a ratio of neighbours in time, not of medians taken minutes apart. The verdict is the median of those per-round ratios.
const wb: Record<string, number[]> = {};
const tb: Record<string, number[]> = {};
const ratio: Record<string, number[]> = {};
const ratioMean: Record<string, number[]> = {};
let before = tinybenchPass();
for (let round = 0; round < ROUNDS; round++) {
  const r = await runComparison(dataset, {
    formats: [...ids],
    ...(process.env.WB_SETTINGS ? { settings: JSON.parse(process.env.WB_SETTINGS) } : {}),
  });
  const after = tinybenchPass();
  for (const id of ids) {
    for (const op of ["encode", "decode"] as const) {
      const key = `${id} ${op}`;
      const w = timingOf(r, id, op).medianNs;
      const p50 = ((before.p50[key] as number) + (after.p50[key] as number)) / 2;
      const mean = ((before.mean[key] as number) + (after.mean[key] as number)) / 2;
      push(wb, key, w);
      push(tb, key, p50);
      push(ratio, key, w / p50);
      push(ratioMean, key, w / mean);
    }
  }
  before = after;
  console.error(`round ${round + 1}/${ROUNDS} done`);
}

console.log(
  `${doc.name} — Wirebench median vs tinybench p50 of direct calls, each Wirebench run between two tinybench passes; ${ROUNDS} rounds`,
);
console.log(
  "task              wirebench     tinybench     wb/tb (median of rounds)   range of rounds   wb/tb mean",
);
let worst = 0;
for (const key of Object.keys(wb)) {
  const r = median(ratio[key] as number[]);
  const rs = ratio[key] as number[];
  worst = Math.max(worst, Math.abs(r - 1));
  console.log(
    `${key.padEnd(17)} ${fmtNs(median(wb[key] as number[])).padStart(11)}  ${fmtNs(median(tb[key] as number[])).padStart(11)}   ${r.toFixed(3)} (${pct(r - 1)})`.padEnd(
      78,
    ) +
      `${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)}`.padEnd(18) +
      median(ratioMean[key] as number[]).toFixed(3),
  );
}
console.log(
  `largest deviation ${pct(worst)} (target within ±15%) ${worst <= 0.15 ? "OK" : "MISSED"} (sink ${sink})`,
);
