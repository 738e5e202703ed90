"use client";

import { formatBytes } from "@wirebench/contracts/units";
import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { barCursor, chartTooltip } from "@/components/chart-style";
import {
  type AttributionEntry,
  attributedFormats,
  costliestFields,
  isStructural,
  pathTable,
  stackRows,
  stackSeries,
} from "@/lib/attribution-view";
import type { FormatEntry } from "./types";

type Entry = FormatEntry & { attribution?: AttributionEntry[] | null };

/** Fields in colours, structural costs in greys, so overhead reads as overhead at a glance. */
function colorOf(series: string[], s: string): string {
  const fields = series.filter((x) => !isStructural(x));
  const structural = series.filter(isStructural);
  if (!isStructural(s)) return `hsl(${(fields.indexOf(s) * 360) / Math.max(1, fields.length)} 65% 50%)`;
  return `hsl(220 8% ${35 + (structural.indexOf(s) * 45) / Math.max(1, structural.length)}%)`;
}

/** Where each format's bytes go: the fields that cost most everywhere, a stacked bar, and every path. */
export function AttributionPanel({ entries }: { entries: Entry[] }) {
  const formats = attributedFormats(entries);
  const [shares, setShares] = useState(false);
  const [sort, setSort] = useState<{ key: string; asc: boolean }>({
    key: formats[0]?.key ?? "path",
    asc: false,
  });
  if (formats.length === 0) return null;
  const series = stackSeries(formats);
  const rows = stackRows(formats, series);
  const costliest = costliestFields(formats);
  const table = pathTable(formats).sort((a, b) => {
    if (sort.key === "path") return sort.asc ? a.path.localeCompare(b.path) : b.path.localeCompare(a.path);
    const cmp = (a.bytes[sort.key] ?? -1) - (b.bytes[sort.key] ?? -1);
    return sort.asc ? cmp : -cmp;
  });
  const columns = ["path", ...formats.map((f) => f.key)];
  return (
    <section aria-label="Where the bytes go" data-testid="attribution-panel">
      <h3>Where the bytes go</h3>
      <p data-testid="costliest-fields" style={{ overflowWrap: "anywhere" }}>
        {costliest.everywhere ? (
          <>
            Costliest field in every format: <code>{costliest.everywhere}</code>.{" "}
          </>
        ) : null}
        {costliest.fields.length > 0 ? (
          <>
            Fields that cost most in every format:{" "}
            {costliest.fields.map((f, i) => (
              <span key={f.path}>
                {i > 0 ? ", " : ""}
                <code>{f.path}</code> (never below #{f.worstRank})
              </span>
            ))}
            .
          </>
        ) : (
          "No format's bytes could be split by field."
        )}
      </p>
      <label className="toggle">
        <input type="checkbox" checked={shares} onChange={(e) => setShares(e.target.checked)} /> as shares of
        each format
      </label>
      <figure className="chart" data-testid="chart-attribution" aria-label="Bytes per field path and format">
        <figcaption>Bytes per field path and structural cost</figcaption>
        <ResponsiveContainer width="100%" height={Math.max(260, rows.length * 34)}>
          <BarChart
            data={rows}
            layout="vertical"
            stackOffset={shares ? "expand" : "none"}
            margin={{ left: 8, right: 16 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              tickFormatter={(v) => (shares ? `${Math.round(Number(v) * 100)}%` : formatBytes(Number(v)))}
            />
            <YAxis type="category" dataKey="key" width={130} tick={{ fontSize: 12 }} />
            <Tooltip {...chartTooltip} cursor={barCursor} formatter={(v) => formatBytes(Number(v))} />
            {/* Field paths are long and have no spaces, and a legend item does not wrap inside the
                chart: keep its tail (the field's own name) and give the whole path on hover. */}
            <Legend formatter={(value: string) => <span title={value}>{legendLabel(value)}</span>} />
            {series.map((s) => (
              <Bar
                key={s}
                dataKey={s}
                name={s}
                stackId="bytes"
                fill={colorOf(series, s)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <div className="table-scroll">
        <table className="results" data-testid="attribution-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th
                  key={c}
                  scope="col"
                  aria-sort={sort.key === c ? (sort.asc ? "ascending" : "descending") : "none"}
                >
                  <button
                    type="button"
                    onClick={() => setSort((s) => ({ key: c, asc: s.key === c ? !s.asc : c === "path" }))}
                  >
                    {c}
                    {sort.key === c ? (sort.asc ? " ▲" : " ▼") : ""}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.map((r) => (
              <tr key={r.path} data-path={r.path}>
                <td data-label="path">
                  <code>{r.path}</code>
                </td>
                {formats.map((f) => (
                  <td key={f.key} data-label={f.key}>
                    {r.bytes[f.key] === undefined ? "–" : formatBytes(r.bytes[f.key] as number)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        Summed over every message. A field's bytes are its values (with a string's length); names and keys,
        tags, lengths, delimiters, framing and padding are the entries in parentheses. Each format's entries
        add up to its size.
      </p>
    </section>
  );
}

const legendMax = 28;
/** `a.very.long.path.to.number` → `…path.to.number`, at most `legendMax` characters. */
function legendLabel(path: string): string {
  return path.length <= legendMax ? path : `…${path.slice(path.length - legendMax + 1)}`;
}
