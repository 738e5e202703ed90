"use client";

import { formatBytes } from "@wirebench/contracts/units";
import { useState } from "react";
import type { FormatRow } from "@/lib/format-rows";
import { timingText } from "@/lib/timing-text";
import { TimingMarks } from "./timing-marks";

type SortKey = "key" | "bytes" | "gzip" | "brotli" | "zstd" | "encode" | "decode" | "issues";
const columns: { key: SortKey; label: string }[] = [
  { key: "key", label: "format" },
  { key: "bytes", label: "bytes" },
  { key: "gzip", label: "gzip" },
  { key: "brotli", label: "brotli" },
  { key: "zstd", label: "zstd" },
  { key: "encode", label: "encode" },
  { key: "decode", label: "decode" },
  { key: "issues", label: "fidelity" },
];

const columnValue = (r: FormatRow, k: SortKey): number | string | null =>
  k === "key"
    ? r.key
    : k === "encode"
      ? (r.encode?.medianNs ?? null)
      : k === "decode"
        ? (r.decode?.medianNs ?? null)
        : r[k];

/**
 * Every number, sortable by any column, absolute or relative to the best value in each column.
 * While the run goes on (`pending`), sizes and fidelity are final as soon as a format is verified
 * and its timing cells say they are still pending.
 */
export function ResultsTable({ rows, pending = false }: { rows: FormatRow[]; pending?: boolean }) {
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: "bytes", asc: true });
  const [relative, setRelative] = useState(false);
  const sorted = [...rows].sort((a, b) => {
    const va = columnValue(a, sort.key);
    const vb = columnValue(b, sort.key);
    if (va == null) return 1;
    if (vb == null) return -1;
    const cmp = typeof va === "string" ? va.localeCompare(String(vb)) : va - Number(vb);
    return sort.asc ? cmp : -cmp;
  });
  const bestOf = (k: SortKey) => {
    const vals = rows
      .map((r) => columnValue(r, k))
      .filter((v): v is number => typeof v === "number" && v > 0);
    return vals.length ? Math.min(...vals) : null;
  };
  const cell = (r: FormatRow, k: SortKey) => {
    const v = columnValue(r, k);
    if (k === "key") return r.minimalVariant ? `${r.key} (library default)` : r.key;
    if (k === "issues") {
      if (!r.ok) return "failed";
      const verdict = r.exact ? "exact" : `${r.issues} lossy`;
      return r.cosmetic > 0 ? `${verdict} (+${r.cosmetic} cosmetic)` : verdict;
    }
    if (pending && r.ok && v == null && (k === "encode" || k === "decode")) return "pending";
    if (v == null || typeof v === "string") return "–";
    const b = bestOf(k);
    if (relative && b) return `${(v / b).toFixed(2)}×`;
    const timing = k === "encode" ? r.encode : k === "decode" ? r.decode : null;
    if (timing) return timingText(timing);
    return formatBytes(v);
  };
  return (
    <section aria-label="All numbers" data-testid="results-table">
      <label className="toggle">
        <input type="checkbox" checked={relative} onChange={(e) => setRelative(e.target.checked)} /> relative
        to the best
      </label>
      <div className="table-scroll">
        <table className="results">
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sort.key === c.key ? (sort.asc ? "ascending" : "descending") : "none"}
                >
                  <button
                    type="button"
                    onClick={() => setSort((s) => ({ key: c.key, asc: s.key === c.key ? !s.asc : true }))}
                  >
                    {c.label}
                    {sort.key === c.key ? (sort.asc ? " ▲" : " ▼") : ""}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((r) => (
              <tr key={r.key} data-format={r.key} className={r.ok ? "" : "failed-row"}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.label}>
                    {cell(r, c.key)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <TimingMarks timings={rows.flatMap((r) => [r.encode, r.decode])} />
    </section>
  );
}
