"use client";

import { formatNs } from "@wirebench/contracts/units";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { barCursor, chartTooltip } from "@/components/chart-style";
import type { FormatRow } from "@/lib/format-rows";

/** Median encode and decode time per message, with the 95% confidence interval as error bars. */
export function TimingChart({ rows }: { rows: FormatRow[] }) {
  const data = rows
    .filter((r) => r.ok && r.encode && r.decode)
    .map((r) => ({
      key: r.key,
      encode: r.encode!.medianNs,
      encodeErr: [r.encode!.medianNs - r.encode!.ciLowNs, r.encode!.ciHighNs - r.encode!.medianNs],
      decode: r.decode!.medianNs,
      decodeErr: [r.decode!.medianNs - r.decode!.ciLowNs, r.decode!.ciHighNs - r.decode!.medianNs],
    }))
    .sort((a, b) => a.decode - b.decode);
  return (
    <figure className="chart" data-testid="chart-timing" aria-label="Encode and decode time per format">
      <figcaption>Encode and decode time per message (median, 95% CI)</figcaption>
      <ResponsiveContainer width="100%" height={Math.max(260, data.length * 34)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={(v) => formatNs(Number(v))} />
          <YAxis type="category" dataKey="key" width={130} tick={{ fontSize: 12 }} />
          <Tooltip {...chartTooltip} cursor={barCursor} formatter={(v) => formatNs(Number(v))} />
          <Legend />
          <Bar dataKey="encode" name="encode" fill="var(--c1)" isAnimationActive={false}>
            <ErrorBar dataKey="encodeErr" direction="x" stroke="var(--fg)" width={4} />
          </Bar>
          <Bar dataKey="decode" name="decode" fill="var(--c3)" isAnimationActive={false}>
            <ErrorBar dataKey="decodeErr" direction="x" stroke="var(--fg)" width={4} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
