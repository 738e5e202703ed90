import type { BatchedSize, FormatResult } from "@wirebench/contracts/result";

/**
 * Sizes as shipped (docs/framing.md) turned into figures per message for the run page: zstd alone,
 * in batches, with a dictionary, and the envelope each framing adds. Pure, so tested on its own.
 */

/** The fields of a Result JSON entry that the shipped sizes read. */
export type ShippedEntry = Pick<
  FormatResult,
  "id" | "format" | "variant" | "ok" | "bytes" | "sizes" | "framed" | "batched" | "dictionary"
>;

/** Framings sent message by message (an Avro container is one file for the dataset: shown apart). */
export const perMessageFramings = [
  "grpc",
  "varint-delimited",
  "schema-registry",
  "ndjson",
  "msgpack-sequence",
  "cbor-sequence",
] as const;
export type Framing = "none" | (typeof perMessageFramings)[number];

export interface ShippedRow {
  key: string;
  messages: number;
  raw: number;
  zstdAlone: number;
  /** zstd per message in batches of `batchN`, or null when the dataset is too small for it. */
  zstdBatched: number | null;
  batchN: number | null;
  /** zstd per message with the dictionary (measured half), with plain zstd on the same messages. */
  dictionary: { zstd: number; plainZstd: number; dictionaryBytes: number } | { unavailable: string } | null;
  /** Bytes each framing adds per message (a container: its whole file per message). */
  framingOverhead: Record<string, number>;
}

/** Messages in the dataset: the batches of one message each. */
export function messageCount(e: ShippedEntry): number | null {
  return e.batched?.find((b) => b.messages === 1)?.batches ?? null;
}

/** The batched row of exactly `n` messages, or of the largest batch below it (capped datasets). */
export function batchRow(e: ShippedEntry, n: number): BatchedSize | null {
  const rows = (e.batched ?? []).filter((b) => b.messages <= n);
  return rows.length ? (rows[rows.length - 1] as BatchedSize) : null;
}

export function shippedRows(entries: ShippedEntry[], batchN = 100): ShippedRow[] {
  return entries.flatMap((e) => {
    const n = messageCount(e);
    const alone = e.sizes?.perMessage;
    if (!e.ok || !n || !alone || e.bytes == null) return [];
    const batch = batchRow(e, batchN);
    const d = e.dictionary;
    const framingOverhead: Record<string, number> = {};
    for (const [name, total] of Object.entries(e.framed ?? {}))
      framingOverhead[name] = name.startsWith("avro-container") ? total / n : (total - e.bytes) / n;
    return [
      {
        key: e.id ?? `${e.format}/${e.variant}`,
        messages: n,
        raw: alone.raw,
        zstdAlone: alone.zstd,
        zstdBatched: batch && batch.messages > 1 ? batch.zstd / n : null,
        batchN: batch && batch.messages > 1 ? batch.messages : null,
        dictionary: !d
          ? null
          : "unavailable" in d
            ? d
            : {
                zstd: d.zstd / d.measuredOn.messages,
                plainZstd: d.plainZstd / d.measuredOn.messages,
                dictionaryBytes: d.dictionaryBytes,
              },
        framingOverhead,
      },
    ];
  });
}
