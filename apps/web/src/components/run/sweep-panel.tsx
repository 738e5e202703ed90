"use client";

import type { SweepOutcome, SweepResult } from "@wirebench/contracts/result";
import { formatBytes, formatNs } from "@wirebench/contracts/units";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartTooltip, lineColors } from "@/components/chart-style";

/** One row per size, one column per format, for Recharts' lines (log axes need values > 0). */
export function sweepSeries(
  result: SweepResult,
  pick: (e: SweepResult["points"][number]["perElement"][number]) => number | null,
) {
  const ids = [...new Set(result.points.flatMap((p) => p.perElement.map((e) => e.id)))];
  const data = result.points.map((p) => {
    const row: Record<string, number | null> = { size: p.size };
    for (const id of ids) {
      const e = p.perElement.find((x) => x.id === id);
      const v = e ? pick(e) : null;
      row[id] = v != null && v > 0 ? v : null;
    }
    return row;
  });
  return { ids, data };
}

function LogLogChart({
  result,
  title,
  pick,
  unit,
  format,
}: {
  result: SweepResult;
  title: string;
  pick: (e: SweepResult["points"][number]["perElement"][number]) => number | null;
  unit: string;
  format: (v: number) => string;
}) {
  const { ids, data } = sweepSeries(result, pick);
  return (
    <figure className="chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={320}>
        <LineChart data={data} margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="size"
            type="number"
            scale="log"
            domain={["auto", "auto"]}
            tickFormatter={(v) => Number(v).toLocaleString("en")}
          />
          <YAxis
            type="number"
            scale="log"
            domain={["auto", "auto"]}
            tickFormatter={(v) => format(Number(v))}
            width={80}
            unit={unit}
          />
          <Tooltip
            {...chartTooltip}
            formatter={(v) => format(Number(v))}
            labelFormatter={(v) => `${Number(v).toLocaleString("en")} elements`}
          />
          <Legend />
          {ids.map((id, i) => (
            <Line
              key={id}
              dataKey={id}
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
}

/** The size sweep (options.sweep): bytes and time per element as the field grows, on log-log axes. */
export function SweepPanel({ sweep }: { sweep: SweepOutcome | null | undefined }) {
  if (!sweep) return null;
  if ("error" in sweep)
    return (
      <section aria-label="Size sweep" data-testid="sweep-panel">
        <h3>Size sweep</h3>
        <p className="muted">The sweep could not run: {sweep.error}</p>
      </section>
    );
  return (
    <section aria-label="Size sweep" data-testid="sweep-panel">
      <h3>Size sweep</h3>
      <p className="muted small">
        The field <code>{sweep.path || "(the message itself)"}</code> ({sweep.sampleLength} elements in the
        sample) grown to {sweep.points.map((p) => p.size.toLocaleString("en")).join(", ")} elements, one quick
        comparison each. Both axes are logarithmic; a flat line is a constant cost per element.
      </p>
      <div className="grid">
        <LogLogChart
          result={sweep}
          title="Bytes per element"
          pick={(e) => e.bytes}
          unit=""
          format={(v) => formatBytes(Number(v.toPrecision(3)))}
        />
        <LogLogChart
          result={sweep}
          title="Encode time per element"
          pick={(e) => e.encodeNs}
          unit=""
          format={(v) => formatNs(v)}
        />
      </div>
      <div className="table-scroll">
        <table className="compact" data-testid="sweep-table">
          <thead>
            <tr>
              <th scope="col">format</th>
              {sweep.points.map((p) => (
                <th key={p.size} scope="col">
                  {p.size.toLocaleString("en")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sweepSeries(sweep, () => 1).ids.map((id) => (
              <tr key={id}>
                <td data-label="format">{id}</td>
                {sweep.points.map((p) => {
                  const f = p.formats.find((x) => x.id === id);
                  return (
                    <td key={p.size} data-label={String(p.size)}>
                      {f?.ok ? `${f.bytes.toLocaleString("en")} B` : "failed"}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
