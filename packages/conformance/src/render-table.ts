import Table from "cli-table3";
import pc from "picocolors";
import type { ConformanceRow } from "./judge-row.ts";

const mark: Record<ConformanceRow["status"], string> = {
  match: pc.green("✓"),
  mismatch: pc.red("✗"),
  pending: pc.yellow("pending"),
  refused: pc.dim("refused"),
};

/** The corpus table: document × format, Wirebench's size, the reference's, and whether they match. */
export function renderTable(rows: ConformanceRow[]): string {
  const table = new Table({
    head: ["document", "format", "ours", "reference", "rule", "match", "detail"],
    style: pc.isColorSupported ? { head: ["cyan"], border: ["grey"] } : { head: [], border: [] },
    colWidths: [null, null, null, null, null, null, 70],
    wordWrap: true,
  });
  for (const r of rows) {
    table.push([
      r.document,
      r.format,
      r.ours === undefined ? "-" : `${r.ours} B`,
      r.theirs === undefined ? `- ${pc.dim(r.reference)}` : `${r.theirs} B ${pc.dim(r.reference)}`,
      r.rule,
      mark[r.status],
      r.status === "match" ? pc.dim(r.detail) : r.detail,
    ]);
  }
  return table.toString();
}

/** Documents per schema kind, formats covered, and the closing `conformance: N/M match` line. */
export function renderSummary(rows: ConformanceRow[]): string {
  const docs = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!docs.has(r.kind)) docs.set(r.kind, new Set());
    docs.get(r.kind)?.add(r.document);
  }
  const count = (s: ConformanceRow["status"]) => rows.filter((r) => r.status === s).length;
  const checked = rows.filter((r) => r.status === "match" || r.status === "mismatch");
  const formats = [...new Set(checked.map((r) => r.format))];
  const lines = [
    `documents: ${[...docs].map(([k, s]) => `${k} ${s.size}`).join(", ")}`,
    `formats checked: ${formats.join(", ")}`,
  ];
  if (count("pending") > 0) lines.push(`pending (not counted): ${count("pending")}`);
  if (count("refused") > 0) lines.push(`refused by Wirebench as expected (not counted): ${count("refused")}`);
  lines.push(`conformance: ${count("match")}/${checked.length} match`);
  return lines.join("\n");
}
