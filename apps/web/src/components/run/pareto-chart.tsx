"use client";

import { formatBytes, formatNs } from "@wirebench/contracts/units";
import {
  CartesianGrid,
  ComposedChart,
  LabelList,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { chartTooltip } from "@/components/chart-style";
import type { FormatRow } from "@/lib/format-rows";
import { paretoFrontier } from "@/lib/rank-rows";

/** Size against decode time; the line joins the formats no other format beats on both. */
export function ParetoChart({ rows }: { rows: FormatRow[] }) {
  const points = rows
    .filter((r) => r.ok && r.bytes != null && r.decode)
    .map((r) => ({ key: r.key, bytes: r.bytes!, decode: r.decode!.medianNs }));
  const frontier = paretoFrontier(
    points,
    (p) => p.bytes,
    (p) => p.decode,
  );
  return (
    <figure className="chart" data-testid="chart-pareto" aria-label="Size against decode time">
      <figcaption>
        Size against decode time (Pareto frontier: {frontier.map((p) => p.key).join(" → ")})
      </figcaption>
      <ResponsiveContainer width="100%" height={320}>
        <ComposedChart margin={{ top: 16, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis type="number" dataKey="bytes" name="size" tickFormatter={(v) => formatBytes(Number(v))} />
          <YAxis
            type="number"
            dataKey="decode"
            name="decode"
            tickFormatter={(v) => formatNs(Number(v))}
            width={72}
          />
          <Tooltip
            {...chartTooltip}
            formatter={(v, name) => (name === "size" ? formatBytes(Number(v)) : formatNs(Number(v)))}
            labelFormatter={() => ""}
          />
          <Scatter data={points} fill="var(--c1)" isAnimationActive={false} className="pareto-point">
            <LabelList dataKey="key" position="top" fontSize={10} />
          </Scatter>
          <Line
            data={frontier}
            dataKey="decode"
            stroke="var(--c2)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            className="pareto-frontier"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
