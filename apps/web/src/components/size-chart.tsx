"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { barCursor, chartTooltip } from "@/components/chart-style";
import type { SizeBar } from "@/lib/home-sizes";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const kbTick = (n: number) => `${Math.round(n / 1024)} KB`;

export function SizeChart({ bars }: { bars: SizeBar[] }) {
  return (
    <figure className="chart" aria-label="Encoded size per format" data-testid="size-chart">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={bars} margin={{ top: 24, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="format" />
          <YAxis tickFormatter={kbTick} width={72} />
          <Tooltip {...chartTooltip} cursor={barCursor} formatter={(v) => kb(Number(v))} />
          <Bar dataKey="bytes" fill="var(--accent)" isAnimationActive={false}>
            <LabelList dataKey="bytes" position="top" formatter={(v) => kb(Number(v))} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
