"use client";

import { formatBytes } from "@wirebench/contracts/units";
import { useId, useState } from "react";
import { type ShippedEntry, shippedRows } from "@/lib/shipped-sizes";

const batchChoices = [10, 100, 1000];
// Means per message: formatBytes keeps one decimal of a mean that is not whole, so per-message
// differences of under a byte still show.
const bytes = formatBytes;
const signed = (n: number) => `+${formatBytes(n)}`;

/**
 * Sizes as shipped, per message: zstd on each message alone, zstd over batches, zstd with a
 * dictionary trained on the other half of the messages, and what each framing adds
 * (docs/framing.md).
 */
export function ShippedPanel({ entries }: { entries: ShippedEntry[] }) {
  const [batchN, setBatchN] = useState(100);
  const id = useId();
  const rows = shippedRows(entries, batchN).sort((a, b) => a.zstdAlone - b.zstdAlone);
  if (rows.length === 0) return null;
  const framings = [...new Set(rows.flatMap((r) => Object.keys(r.framingOverhead)))];
  const first = rows[0];
  const dict = rows.map((r) => r.dictionary).find((d) => d && !("unavailable" in d));
  return (
    <section aria-label="Sizes as shipped" data-testid="shipped-panel">
      <h3>Sizes as shipped</h3>
      <p className="muted small">
        Bytes per message of the {first?.messages ?? 0} messages: zstd on each message alone (a request per
        message), zstd over batches of messages compressed together (a Kafka record batch, an HTTP list), and
        zstd with a dictionary trained on the first half of the messages and measured on the other half (the
        dictionary travels once and is not counted). Framing columns: bytes each envelope adds per message.
      </p>
      <label htmlFor={id}>
        Batch of{" "}
        <select
          id={id}
          value={batchN}
          onChange={(e) => setBatchN(Number(e.target.value))}
          data-testid="shipped-batch"
        >
          {batchChoices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>{" "}
        messages
      </label>
      <div className="table-scroll">
        <table className="compact" data-testid="shipped-table">
          <thead>
            <tr>
              <th scope="col">format</th>
              <th scope="col">raw</th>
              <th scope="col">zstd alone</th>
              <th scope="col">zstd, batches of {batchN}</th>
              <th scope="col">zstd + dictionary</th>
              {framings.map((f) => (
                <th key={f} scope="col">
                  {f}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-testid={`shipped-row-${r.key}`}>
                <td data-label="format">{r.key}</td>
                <td data-label="raw">{bytes(r.raw)}</td>
                <td data-label="zstd alone" data-testid="zstd-alone">
                  {bytes(r.zstdAlone)}
                </td>
                <td data-label="zstd batched" data-testid="zstd-batched">
                  {r.zstdBatched == null ? "–" : bytes(r.zstdBatched)}
                  {r.batchN != null && r.batchN !== batchN ? (
                    <span className="muted small"> (all {r.batchN})</span>
                  ) : null}
                </td>
                <td data-label="zstd + dictionary" data-testid="zstd-dictionary">
                  {r.dictionary == null ? (
                    "–"
                  ) : "unavailable" in r.dictionary ? (
                    <span className="muted small" title={r.dictionary.unavailable}>
                      n/a
                    </span>
                  ) : (
                    bytes(r.dictionary.zstd)
                  )}
                </td>
                {framings.map((f) => (
                  <td key={f} data-label={f}>
                    {r.framingOverhead[f] === undefined
                      ? "–"
                      : f.startsWith("avro-container")
                        ? bytes(r.framingOverhead[f])
                        : signed(r.framingOverhead[f])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        {dict && !("unavailable" in dict) ? `Dictionaries: ${dict.dictionaryBytes} B (first format). ` : ""}
        Avro container columns are the whole file (header, blocks, sync markers) per message, with its block
        codec.
      </p>
    </section>
  );
}
