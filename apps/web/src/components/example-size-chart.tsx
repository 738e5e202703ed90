"use client";

import { formatBytes } from "@wirebench/contracts/units";
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

/**
 * The home page's example document in each format it names (minified JSON, minimal MessagePack):
 * one bar per format, labelled with its size. A run's sizes are RunSizeChart's.
 */
export function ExampleSizeChart({ bars }: { bars: SizeBar[] }) {
  return (
    <figure className="chart" aria-label="Encoded size per format" data-testid="size-chart">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={bars} margin={{ top: 24, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="format" />
          <YAxis tickFormatter={(v) => formatBytes(Number(v))} width={72} />
          <Tooltip {...chartTooltip} cursor={barCursor} formatter={(v) => formatBytes(Number(v))} />
          <Bar dataKey="bytes" fill="var(--accent)" isAnimationActive={false}>
            <LabelList dataKey="bytes" position="top" formatter={(v) => formatBytes(Number(v))} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
