/**
 * Time to result: `wirebench compare` (the real CLI, a fresh process) on a ~10 KB sample with every
 * format, full and --quick. Targets: 20 s and 5 s on a 2-core machine.
 * A benchmark, not a test: run it on a quiet machine.
 *   npm run bench:time-to-result -w @wirebench/codecs     (or: npx tsx packages/codecs/bench/time-to-result.ts)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tenKbTwitterSample } from "./bench-helpers.ts";

const { text: sample, statuses: n } = tenKbTwitterSample();
const dir = mkdtempSync(join(tmpdir(), "wirebench-ttr-"));
const file = join(dir, "sample.json");
writeFileSync(file, sample);
const bin = fileURLToPath(new URL("../../cli/bin/wirebench.mjs", import.meta.url));

for (const [label, extra, target] of [
  ["full", [], 20],
  ["--quick", ["--quick"], 5],
] as const) {
  const t0 = Date.now();
  const res = spawnSync(
    process.execPath,
    [bin, "compare", file, "--json", join(dir, `${label}.json`), ...extra],
    {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    },
  );
  const s = (Date.now() - t0) / 1000;
  if (res.status !== 0) throw new Error(`compare ${label} exited ${res.status}: ${res.stderr}`);
  const failed = res.stdout.split("\n").filter((l) => l.startsWith("✗"));
  console.log(
    `${label.padEnd(8)} ${sample.length} B sample (${n} statuses), every format: ${s.toFixed(1)} s (target ${target} s) ${s <= target ? "OK" : "MISSED"}${failed.length ? `; failed: ${failed.join("; ")}` : ""}`,
  );
}
