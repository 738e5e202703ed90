import type { Comparison, Delta } from "./comparison.ts";

const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const fmtNs = (ns: number) =>
  ns < 1e3 ? `${ns.toFixed(0)} ns` : ns < 1e6 ? `${(ns / 1e3).toFixed(1)} µs` : `${(ns / 1e6).toFixed(2)} ms`;
const fmtPct = (p: number) => `${p > 0 ? "+" : ""}${p.toFixed(1)}%`;

function sizeCell(d: Delta | null, failing: boolean): string {
  if (!d) return "–";
  return `${fmtInt(d.current)} (${fmtPct(d.deltaPct)})${failing && d.deltaPct > 0 ? " ❌" : ""}`;
}

function timeCell(d: Delta | null): string {
  if (!d) return "–";
  return `${fmtNs(d.current)} (${fmtPct(d.deltaPct)}${d.significant ? "" : ", n.s."})`;
}

/** A pull-request comment: verdict, links, one row per format with deltas, and each threshold. */
export function renderMarkdown(c: Comparison): string {
  const lines: string[] = [];
  lines.push(`## Wirebench: ${c.pass ? "✅ within thresholds" : "❌ threshold crossed"}`);
  lines.push("");
  const where = [c.run.branch && `\`${c.run.branch}\``, c.run.commit && `@ \`${c.run.commit.slice(0, 12)}\``]
    .filter(Boolean)
    .join(" ");
  const base = c.baseline
    ? `against baseline [${c.baseline.id.slice(0, 8)}](${c.baseline.url})${c.baseline.branch ? ` (\`${c.baseline.branch}\`)` : ""}`
    : `with no baseline (${c.note ?? "none given"})`;
  lines.push(`Run [${c.run.id.slice(0, 8)}](${c.run.url})${where ? ` on ${where}` : ""} ${base}.`);
  if (c.formats.length > 0) {
    const sizeFailing = new Set(c.checks.find((k) => k.name === "size")?.failing ?? []);
    lines.push("");
    lines.push("| format | bytes | gzip | zstd | encode | decode |");
    lines.push("|---|---:|---:|---:|---:|---:|");
    for (const f of c.formats) {
      const bad = sizeFailing.has(f.key);
      lines.push(
        `| ${f.key}${f.pass ? "" : " ❌"} | ${sizeCell(f.bytes, bad)} | ${sizeCell(f.gzip, bad)} | ${sizeCell(f.zstd, bad)} | ${timeCell(f.encode)} | ${timeCell(f.decode)} |`,
      );
    }
  }
  if (c.checks.length > 0) {
    lines.push("");
    for (const k of c.checks) {
      const what = k.name === "size" ? "size growth (raw and compressed)" : "significant slow-down";
      lines.push(
        `- ${k.pass ? "✅" : "❌"} ${what} at most ${k.limitPct}%${k.pass ? "" : `: ${k.failing.join(", ")}`}`,
      );
    }
  }
  lines.push("");
  lines.push("<sub>Sizes are exact. n.s. = not significant (the 95% confidence intervals overlap).</sub>");
  return `${lines.join("\n")}\n`;
}
