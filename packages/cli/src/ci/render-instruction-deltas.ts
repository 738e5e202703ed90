import type { Comparison } from "@wirebench/contracts";
import { formatCount } from "@wirebench/contracts/units";

const fmtPct = (p: number) => `${p > 0 ? "+" : ""}${p.toFixed(2)}%`;

/**
 * The Markdown of `--gate instructions`: per format and operation, instructions per call in the
 * baseline and now, and the delta (❌ past the limit, "noisy" when no second process confirmed the cheapest count). When
 * the gate had nothing to judge (a run without counts, valgrind missing), it says so.
 */
export function instructionDeltaLines(c: Comparison): string[] {
  const check = c.checks.find((k) => k.name === "instructions");
  const rows = c.formats.flatMap((f) => (f.instructions ?? []).map((d) => ({ key: f.key, ...d })));
  if (rows.length === 0)
    return check
      ? ["", "Instruction counts: none to compare (both runs need `--metric instructions` and valgrind)."]
      : [];
  const limit = check?.limitPct ?? undefined;
  const lines = [
    "",
    "| format | op | instructions/call (baseline) | now | delta |",
    "|---|---|---:|---:|---:|",
  ];
  for (const r of rows) {
    const over = limit !== undefined && !r.noisy && r.deltaPct > limit;
    const note = r.noisy ? " (noisy, not judged)" : over ? " ❌" : "";
    lines.push(
      `| ${r.key} | ${r.op} | ${formatCount(r.base)} | ${formatCount(r.current)} | ${fmtPct(r.deltaPct)}${note} |`,
    );
  }
  return lines;
}
