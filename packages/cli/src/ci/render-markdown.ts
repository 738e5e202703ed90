import type { Comparison, SizeDelta, TimeDelta } from "@wirebench/contracts";
import { fidelityCounts, issueSeverity } from "@wirebench/contracts/read-result";
import { formatCount, formatNs } from "@wirebench/contracts/units";
import { codeSpan } from "./escape-markdown.ts";
import { instructionDeltaLines } from "./render-instruction-deltas.ts";
import { pathDeltaLines } from "./render-path-deltas.ts";

const fmtPct = (p: number) => `${p > 0 ? "+" : ""}${p.toFixed(1)}%`;

function sizeCell(d: SizeDelta | null, failing: boolean): string {
  if (!d) return "–";
  return `${formatCount(d.current)} (${fmtPct(d.deltaPct)})${failing && d.deltaPct > 0 ? " ❌" : ""}`;
}

function timeCell(d: TimeDelta | null): string {
  if (!d) return "–";
  return `${formatNs(d.current)} (${fmtPct(d.deltaPct)}${d.significant ? "" : ", n.s."})`;
}

const checkText: Record<string, string> = {
  size: "size growth (raw and compressed)",
  time: "significant slow-down",
  instructions: "rise of instructions per call",
};

/**
 * What the run's formats lose: lossy formats are the warning; formats whose differences are all
 * cosmetic (key order, -0) are named apart so they are not read as losing data.
 */
function fidelityLines(c: Comparison): string[] {
  const measured = c.run.formats.filter((f) => f.ok);
  const lines: string[] = [];
  const lossy = measured.filter((f) => !fidelityCounts(f.fidelity).exact);
  if (lossy.length > 0) {
    const what = lossy.map((f) => {
      const kinds = [
        ...new Set(f.fidelity.issues.filter((i) => issueSeverity(i) === "lossy").map((i) => i.kind)),
      ];
      return `${f.id} (${fidelityCounts(f.fidelity).lossy} lossy${kinds.length ? `: ${kinds.join(", ")}` : ""})`;
    });
    lines.push(
      `⚠️ ${lossy.length} format${lossy.length > 1 ? "s" : ""} did not round-trip the data exactly: ${what.join(", ")}`,
    );
  }
  const cosmetic = measured.filter((f) => {
    const n = fidelityCounts(f.fidelity);
    return n.exact && n.cosmetic > 0;
  });
  if (cosmetic.length > 0)
    lines.push(
      `Cosmetic differences only (same values, e.g. key order): ${cosmetic.map((f) => f.id).join(", ")}`,
    );
  // Registry ids and issue kinds only: nothing a user typed.
  return lines.length > 0 ? ["", ...lines.map((l) => `- ${l}`)] : [];
}

/**
 * A pull-request comment: verdict, links, one row per format with deltas (every size the size check
 * judges, brotli included), formats lost since the baseline, and each check.
 */
export function renderMarkdown(c: Comparison): string {
  const lines: string[] = [];
  lines.push(`## Wirebench: ${c.pass ? "✅ within thresholds" : "❌ threshold crossed"}`);
  lines.push("");
  // Branch, commit, message and error text come from whoever ran CI: escaped, never Markdown.
  const where = [
    c.run.branch && codeSpan(c.run.branch),
    c.run.commit && `@ ${codeSpan(c.run.commit.slice(0, 12))}`,
  ]
    .filter(Boolean)
    .join(" ");
  const base = c.baseline
    ? `against baseline [${c.baseline.id.slice(0, 8)}](${c.baseline.url})${c.baseline.branch ? ` (${codeSpan(c.baseline.branch)})` : ""}`
    : `with no baseline (${c.note ? codeSpan(c.note) : "none given"})`;
  const pr = c.run.pullRequest ? ` for PR #${c.run.pullRequest}` : "";
  lines.push(`Run [${c.run.id.slice(0, 8)}](${c.run.url})${where ? ` on ${where}` : ""}${pr} ${base}.`);
  if (c.run.message) {
    lines.push("");
    lines.push(`> ${codeSpan(c.run.message)}`);
  }
  if (c.formats.length > 0) {
    const sizeFailing = new Set(c.checks.find((k) => k.name === "size")?.failing ?? []);
    lines.push("");
    lines.push("| format | bytes | gzip | brotli | zstd | encode | decode |");
    lines.push("|---|---:|---:|---:|---:|---:|---:|");
    for (const f of c.formats) {
      const bad = sizeFailing.has(f.key);
      lines.push(
        `| ${f.key}${f.pass ? "" : " ❌"} | ${sizeCell(f.bytes, bad)} | ${sizeCell(f.gzip, bad)} | ${sizeCell(f.brotli, bad)} | ${sizeCell(f.zstd, bad)} | ${timeCell(f.encode)} | ${timeCell(f.decode)} |`,
      );
    }
  }
  lines.push(...instructionDeltaLines(c));
  lines.push(...pathDeltaLines(c));
  lines.push(...fidelityLines(c));
  const lost = [
    ...c.newlyFailing.map((f) => ({
      ...f,
      what: `fails now${f.error ? `: ${codeSpan(f.error)}` : ""}`,
    })),
    ...c.missing.map((f) => ({ ...f, what: "not in this run" })),
  ];
  if (lost.length > 0) {
    lines.push("");
    lines.push("Formats that worked in the baseline:");
    for (const f of lost)
      lines.push(`- ${f.watched ? "❌" : "⚠️"} ${f.key} ${f.what}${f.watched ? "" : " (not watched)"}`);
  }
  if (c.checks.length > 0) {
    lines.push("");
    for (const k of c.checks) {
      const mark = k.pass ? "✅" : "❌";
      const failing = k.pass ? "" : `: ${k.failing.join(", ")}`;
      if (k.name === "formats") lines.push(`- ${mark} every watched baseline format still works${failing}`);
      else lines.push(`- ${mark} ${checkText[k.name] ?? k.name} at most ${k.limitPct}%${failing}`);
    }
  }
  lines.push("");
  lines.push("<sub>Sizes are exact. n.s. = not significant (the 95% confidence intervals overlap).</sub>");
  return `${lines.join("\n")}\n`;
}
