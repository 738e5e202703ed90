import type { Comparison } from "@wirebench/contracts";
import { formatCount } from "@wirebench/contracts/units";
import { codeSpan } from "./escape-markdown.ts";

const signed = (n: number) => `${n > 0 ? "+" : "−"}${formatCount(Math.abs(n))} B`;

/**
 * "Where the bytes changed": per format, the field paths (and structural entries such as `(keys)`)
 * whose bytes changed most against the baseline, so a size regression names its cause.
 */
export function pathDeltaLines(c: Comparison): string[] {
  const changed = c.formats.filter((f) => f.paths && f.paths.length > 0);
  if (changed.length === 0) return [];
  const lines = ["", "Where the bytes changed (field paths, summed over messages):"];
  for (const f of changed) {
    // Paths are the sample's own field names: escaped, never Markdown.
    const what = (f.paths ?? []).map(
      (p) => `${codeSpan(p.path)} ${signed(p.delta)} (${formatCount(p.base)} → ${formatCount(p.current)})`,
    );
    lines.push(`- ${f.key}: ${what.join(", ")}`);
  }
  return lines;
}
