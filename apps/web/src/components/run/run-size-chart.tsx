"use client";

import { formatBytes } from "@wirebench/contracts/units";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { barCursor, chartTooltip } from "@/components/chart-style";
import type { FormatRow } from "@/lib/format-rows";

const series = [
  { key: "bytes", name: "raw", color: "var(--c1)" },
  { key: "gzip", name: "gzip", color: "var(--c2)" },
  { key: "brotli", name: "brotli", color: "var(--c3)" },
  { key: "zstd", name: "zstd", color: "var(--c4)" },
] as const;

/**
 * A run's encoded size per format, raw and with each compressor, as grouped bars (smallest raw
 * first). The home page's example is ExampleSizeChart.
 */
export function RunSizeChart({ rows }: { rows: FormatRow[] }) {
  const data = rows.filter((r) => r.ok && r.bytes != null).sort((a, b) => (a.bytes ?? 0) - (b.bytes ?? 0));
  return (
    <figure className="chart" data-testid="chart-size" aria-label="Size per format">
      <figcaption>Size per format (kB = 1000 B)</figcaption>
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
