import { type CostEstimate, estimateCost, type NetworkModel } from "@wirebench/contracts/cost-model";
import { messageBytes } from "./cost-rows";
import type { Compression, FormatRow } from "./format-rows";
import { batchRow, type Framing, messageCount, type ShippedEntry } from "./shipped-sizes";

/** What the cost model's user picked beyond the compressor: envelope, batch size, dictionary. */
export interface ShippingChoice {
  compression: Compression;
  framing: Framing;
  /** Messages sent (and compressed) together; 1 = one message per request. */
  batch: number;
  /** zstd with the run's trained dictionary (only with zstd and batches of 1). */
  dictionary: boolean;
}

export const defaultShipping: ShippingChoice = {
  compression: "raw",
  framing: "none",
  batch: 1,
  dictionary: false,
};

export interface ShippedCost extends CostEstimate {
  key: string;
  messageBytes: number;
  /** Compression ms counted per message; null when the result has no timing for it. */
  compressionMs: number | null;
  /** What this row actually used, in words (a choice the format lacks falls back and says so). */
  used: string;
}

const perMessageCompression = (row: FormatRow, c: Compression) =>
  c === "raw" || !row.compressionMs
    ? c === "raw"
      ? 0
      : null
    : row.compressionMs.compress[c] + row.compressionMs.decompress[c];

/**
 * One message's cost as the user ships it. Batches pay one round trip per batch and the batch's
 * compression time shared by its messages (decompression of batches is not timed); a dictionary
 * costs what plain zstd costs per message in CPU; a framing adds its envelope after compression.
 */
export function shippedCost(
  row: FormatRow,
  entry: ShippedEntry | undefined,
  choice: ShippingChoice,
  net: NetworkModel,
): ShippedCost | null {
  if (!row.ok || !row.encode || !row.decode) return null;
  const n = entry ? messageCount(entry) : null;
  const parts: string[] = [];
  let bytes = messageBytes(row, choice.compression);
  let compressionMs = perMessageCompression(row, choice.compression);
  let rttShare = 1;
  const d = entry?.dictionary;
  if (
    choice.dictionary &&
    choice.compression === "zstd" &&
    choice.batch === 1 &&
    d &&
    !("unavailable" in d)
  ) {
    bytes = d.zstd / d.measuredOn.messages;
    parts.push(`zstd with a ${d.dictionaryBytes} B dictionary`);
  } else if (choice.batch > 1 && entry && n) {
    const b = batchRow(entry, choice.batch);
    if (b && b.messages > 1) {
      bytes = (choice.compression === "raw" ? b.raw : b[choice.compression]) / n;
      compressionMs = choice.compression === "raw" ? 0 : b.compressMs[choice.compression] / n;
      rttShare = 1 / b.messages;
      parts.push(
        `batches of ${b.messages}${choice.compression === "raw" ? "" : ` with ${choice.compression}`}`,
      );
    }
  }
  if (parts.length === 0)
    parts.push(
      choice.compression === "raw" ? "one message, uncompressed" : `one message with ${choice.compression}`,
    );
  if (choice.dictionary && parts[0]?.includes("dictionary") !== true)
    parts.push(
      d && "unavailable" in d
        ? "no dictionary (too few messages)"
        : "no dictionary (needs zstd, batches of 1)",
    );
  if (bytes == null) return null;
  if (choice.framing !== "none" && entry) {
    const total = entry.framed?.[choice.framing];
    if (total !== undefined && n && entry.bytes != null) {
      bytes += (total - entry.bytes) / n;
      parts.push(`${choice.framing} framing`);
    } else parts.push(`no ${choice.framing} framing for this format`);
  }
  const est = estimateCost(
    bytes,
    row.encode.medianNs,
    row.decode.medianNs,
    { ...net, rttMs: net.rttMs * rttShare },
    compressionMs ?? 0,
  );
  return { key: row.key, messageBytes: bytes, compressionMs, used: parts.join(", "), ...est };
}

export function shippedCostRows(
  rows: FormatRow[],
  entries: ShippedEntry[],
  choice: ShippingChoice,
  net: NetworkModel,
): ShippedCost[] {
  const byKey = new Map(entries.map((e) => [e.id ?? `${e.format}/${e.variant}`, e]));
  return rows
    .flatMap((r) => {
      const c = shippedCost(r, byKey.get(r.key), choice, net);
      return c ? [c] : [];
    })
    .sort((a, b) => a.perMessageMs - b.perMessageMs);
}
