"use client";

import { formatBytes, formatCount } from "@wirebench/contracts/units";
import { useId, useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { barCursor, chartTooltip } from "@/components/chart-style";
import { defaultNetwork } from "@/lib/cost-rows";
import type { Compression, FormatRow } from "@/lib/format-rows";
import { defaultShipping, type ShippingChoice, shippedCostRows } from "@/lib/shipped-cost";
import { type Framing, perMessageFramings, type ShippedEntry } from "@/lib/shipped-sizes";

const compressions: { value: Compression; label: string }[] = [
  { value: "raw", label: "uncompressed" },
  { value: "gzip", label: "gzip" },
  { value: "brotli", label: "brotli" },
  { value: "zstd", label: "zstd" },
];

const batchSizes = [1, 10, 100, 1000];

/**
 * What each format costs once a network is involved: time per message and throughput for a chosen
 * bandwidth and round-trip time, and whether CPU or the wire is the bottleneck. The framing, batch
 * size and zstd dictionary picked here come from the run's sizes as shipped (docs/framing.md).
 */
export function CostModel({ rows, entries = [] }: { rows: FormatRow[]; entries?: ShippedEntry[] }) {
  const [bandwidthMbps, setBandwidth] = useState(defaultNetwork.bandwidthMbps);
  const [rttMs, setRtt] = useState(defaultNetwork.rttMs);
  const [rate, setRate] = useState(100);
  const [compression, setCompression] = useState<Compression>("raw");
  const [framing, setFraming] = useState<Framing>(defaultShipping.framing);
  const [batch, setBatch] = useState(defaultShipping.batch);
  const [dictionary, setDictionary] = useState(defaultShipping.dictionary);
  const ids = {
    bw: useId(),
    rtt: useId(),
    rate: useId(),
    compression: useId(),
    framing: useId(),
    batch: useId(),
    dict: useId(),
  };
  const choice: ShippingChoice = { compression, framing, batch, dictionary };
  const framings = perMessageFramings.filter((f) => entries.some((e) => e.framed?.[f] !== undefined));
  const data = shippedCostRows(rows, entries, choice, { bandwidthMbps, rttMs }).map((c) => ({
    key: c.key,
    messageBytes: c.messageBytes,
    cpuMs: Number(c.cpuMs.toFixed(4)),
    networkMs: Number(c.networkMs.toFixed(4)),
    perMessageMs: c.perMessageMs,
    throughput: c.throughputPerSec,
    bottleneck: c.bottleneck,
    keepsUp: c.throughputPerSec >= rate,
    compressionUntimed: c.compressionMs === null,
    used: c.used,
  }));
  const untimed = data.some((d) => d.compressionUntimed);
  return (
    <section aria-label="Network cost model" data-testid="cost-model">
      <h3>Cost over a network</h3>
      <p className="muted small">
        One message at a time: encode, compress, send its bytes (the mean size of one message of the sample),
        one round trip, decompress, decode. Compression is timed on each message alone, at the levels of the
        size table.
      </p>
      <div className="sliders">
        <label htmlFor={ids.bw}>
          Bandwidth: {bandwidthMbps} Mbit/s
          <input
            id={ids.bw}
            type="range"
            min={1}
            max={10_000}
            step={1}
            value={bandwidthMbps}
            onChange={(e) => setBandwidth(Number(e.target.value))}
          />
        </label>
        <label htmlFor={ids.rtt}>
          Round trip: {rttMs} ms
          <input
            id={ids.rtt}
            type="range"
            min={0}
            max={300}
            step={1}
            value={rttMs}
            onChange={(e) => setRtt(Number(e.target.value))}
          />
        </label>
        <label htmlFor={ids.rate}>
          Needed: {rate} messages/s
          <input
            id={ids.rate}
            type="range"
            min={1}
            max={100_000}
            step={1}
            value={rate}
            onChange={(e) => setRate(Number(e.target.value))}
          />
        </label>
        <label htmlFor={ids.compression}>
          On the wire
          <select
            id={ids.compression}
            value={compression}
            onChange={(e) => setCompression(e.target.value as Compression)}
            data-testid="cost-compression"
          >
            {compressions.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.framing}>
          Framing
          <select
            id={ids.framing}
            value={framing}
            onChange={(e) => setFraming(e.target.value as Framing)}
            data-testid="cost-framing"
          >
            <option value="none">none (bare message)</option>
            {framings.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.batch}>
          Messages per request
          <select
            id={ids.batch}
            value={batch}
            onChange={(e) => setBatch(Number(e.target.value))}
            data-testid="cost-batch"
          >
            {batchSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.dict}>
          <input
            id={ids.dict}
            type="checkbox"
            checked={dictionary}
            onChange={(e) => setDictionary(e.target.checked)}
            data-testid="cost-dictionary"
          />{" "}
          zstd dictionary
        </label>
      </div>
      <p className="muted small" data-testid="cost-choice">
        Counting: {compression === "raw" ? "uncompressed" : compression},{" "}
        {batch === 1 ? "one message per request" : `batches of ${batch} (one round trip each)`}
        {framing === "none" ? ", no framing" : `, ${framing} framing`}
        {dictionary ? ", a zstd dictionary where the format has one" : ""}. Each row says what it could use.
      </p>
      {untimed ? (
        <p className="muted small" data-testid="cost-compression-untimed">
          This run was recorded before compression was timed: only the smaller size of compressed messages is
          counted.
        </p>
      ) : null}
      <figure className="chart" data-testid="chart-cost" aria-label="Time per message over the network">
        <ResponsiveContainer width="100%" height={Math.max(260, data.length * 34)}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" unit=" ms" />
            <YAxis type="category" dataKey="key" width={130} tick={{ fontSize: 12 }} />
            <Tooltip {...chartTooltip} cursor={barCursor} />
            <Legend />
            <Bar
              dataKey="cpuMs"
              name={compression === "raw" ? "CPU (encode + decode)" : "CPU (encode + decode + compression)"}
              stackId="t"
              fill="var(--c1)"
              isAnimationActive={false}
            />
            <Bar
              dataKey="networkMs"
              name="network (transfer + RTT)"
              stackId="t"
              fill="var(--c4)"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <div className="table-scroll">
        <table className="compact">
          <thead>
            <tr>
              <th scope="col">format</th>
              <th scope="col">message size</th>
              <th scope="col">per message</th>
              <th scope="col">max messages/s</th>
              <th scope="col">limited by</th>
              <th scope="col">counted as</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.key} className={d.keepsUp ? "" : "falls-short"}>
                <td data-label="format">{d.key}</td>
                <td data-label="message size">{formatBytes(Math.round(d.messageBytes))}</td>
                <td data-label="per message">{d.perMessageMs.toFixed(2)} ms</td>
                <td data-label="max messages/s">
                  {formatCount(d.throughput)}
                  {d.keepsUp ? "" : " (short of the rate)"}
                </td>
                <td data-label="limited by">{d.bottleneck === "cpu" ? "CPU" : "network"}</td>
                <td data-label="counted as" className="muted small">
                  {d.used}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
