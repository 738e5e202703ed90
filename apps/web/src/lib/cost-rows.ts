import { type CostEstimate, estimateCost, type NetworkModel } from "@wirebench/contracts/cost-model";
import type { Compression, FormatRow } from "./format-rows.ts";

// The model's maths is shared with the CLI and transport runs (their predictions beside measurements).
export {
  type CostEstimate,
  defaultNetwork,
  estimateCost,
  type NetworkModel,
} from "@wirebench/contracts/cost-model";

/**
 * Bytes one message puts on the wire. Timings are per message, so the size must be too: the
 * dataset total (`bytes`) would charge a 1,000-record sample's transfer to every single message.
 * Results recorded before per-message sizes existed fall back to the total, which is exact for
 * one-message samples.
 */
export function messageBytes(row: FormatRow, compression: Compression = "raw"): number | null {
  if (row.perMessage) return row.perMessage[compression];
  return compression === "raw" ? row.bytes : row[compression];
}

export interface CostRow extends CostEstimate {
  key: string;
  messageBytes: number;
  /**
   * The compress + decompress time counted in `cpuMs`: 0 uncompressed, null when the result was
   * recorded before compression was timed (then only the size reflects the compression).
   */
  compressionMs: number | null;
}

/** Compressing and decompressing one message of this row, or null when not measured. */
function compressionCost(row: FormatRow, compression: Compression): number | null {
  if (compression === "raw") return 0;
  if (!row.compressionMs) return null;
  return row.compressionMs.compress[compression] + row.compressionMs.decompress[compression];
}

/** The cost estimate of every measured format, quickest per message first. */
export function costRows(rows: FormatRow[], net: NetworkModel, compression: Compression = "raw"): CostRow[] {
  return rows
    .flatMap((r) => {
      const size = messageBytes(r, compression);
      if (!r.ok || size == null || !r.encode || !r.decode) return [];
      const compressionMs = compressionCost(r, compression);
      return [
        {
          key: r.key,
          messageBytes: size,
          compressionMs,
          ...estimateCost(size, r.encode.medianNs, r.decode.medianNs, net, compressionMs ?? 0),
        },
      ];
    })
    .sort((a, b) => a.perMessageMs - b.perMessageMs);
}
