"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { barCursor, chartTooltip } from "@/components/chart-style";
import { type FormatRow, formatBytes } from "@/lib/run-metrics";

const series = [
  { key: "bytes", name: "raw", color: "var(--c1)" },
  { key: "gzip", name: "gzip", color: "var(--c2)" },
  { key: "brotli", name: "brotli", color: "var(--c3)" },
  { key: "zstd", name: "zstd", color: "var(--c4)" },
] as const;

/** Encoded size per format, raw and compressed, as grouped bars (smallest raw first). */
export function SizeChart({ rows }: { rows: FormatRow[] }) {
  const data = rows.filter((r) => r.ok && r.bytes != null).sort((a, b) => (a.bytes ?? 0) - (b.bytes ?? 0));
  return (
    <figure className="chart" data-testid="chart-size" aria-label="Size per format">
      <figcaption>Size per format</figcaption>
      <ResponsiveContainer width="100%" height={Math.max(260, data.length * 34)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={(v) => formatBytes(Number(v))} />
          <YAxis type="category" dataKey="key" width={130} tick={{ fontSize: 12 }} />
          <Tooltip {...chartTooltip} cursor={barCursor} formatter={(v) => formatBytes(Number(v))} />
          <Legend />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
