"use client";

import { formatBytes, formatNs } from "@wirebench/contracts/units";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartTooltip, lineColors } from "@/components/chart-style";

/** Size and decode time per format across a branch's runs (one line per format). */
export function HistoryCharts({
  points,
  formats,
}: {
  points: Record<string, number | string | null>[];
  formats: string[];
}) {
  const chart = (metric: "bytes" | "decode", format: (n: number) => string, title: string) => (
    <figure className="chart" data-testid={`history-${metric}`}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={300}>
        <LineChart data={points} margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="commit" />
          <YAxis tickFormatter={(v) => format(Number(v))} width={80} />
          <Tooltip {...chartTooltip} formatter={(v) => format(Number(v))} />
          <Legend />
          {formats.map((f, i) => (
            <Line
              key={f}
              dataKey={`${f}:${metric}`}
              name={f}
              stroke={lineColors[i % lineColors.length]}
              dot
              isAnimationActive={false}
              connectNulls
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
  return (
    <>
      {chart("bytes", formatBytes, "Encoded size per run")}
      {chart("decode", formatNs, "Median decode time per run")}
    </>
  );
}
