/**
 * Where a comparison's time goes: runs the time-to-result sample (~10 KB, every format) through
 * runComparison in this process and prints, for each progress event, the milliseconds since the
 * start (generating → verifying is a format's preparation, including code generation; "measuring
 * process k" marks the start of its warm-up in child k). A diagnostic, not a test.
 *   npx tsx packages/codecs/bench/timeline.ts [--quick] [file.json]
 */
import { readFileSync } from "node:fs";
import { inferDataset } from "@wirebench/schemas";
import { runComparison } from "../src/index.ts";
import { tenKbTwitterSample } from "./bench-helpers.ts";

const t0 = Date.now();
const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
const dataset = inferDataset(file ? readFileSync(file, "utf8") : tenKbTwitterSample().text);
const result = await runComparison(dataset, {
  quick: process.argv.includes("--quick"),
  onProgress: (e) =>
    console.log(`${String(Date.now() - t0).padStart(6)} ms  ${e.id.padEnd(18)} ${e.phase} ${e.detail ?? ""}`),
});
const failed = result.formats.filter((f) => !f.ok).map((f) => `${f.id}: ${f.error}`);
console.log(`total ${Date.now() - t0} ms${failed.length ? `; failed: ${failed.join("; ")}` : ""}`);
for (const f of result.formats) {
  const ops = (["encode", "decode", "access"] as const).flatMap((op) => {
    const t = f[op];
    if (!t) return [];
    const flags = `${t.budgetBound ? " bound" : ""}${t.overBudget ? " over" : ""}`;
    return [`${op} ${(t.medianNs / 1e6).toFixed(2)} ms ×${t.samples}${flags}`];
  });
  console.log(`  ${f.id.padEnd(18)} ${ops.join("  ")}`);
}
