import type { BatchedSize } from "@wirebench/contracts/result";
import { compressorNames, compressors, ensureZstd, msSince } from "./compressed-sizes.ts";

/** Messages per batch measured by default (each capped at the dataset's message count). */
export const BATCH_SIZES = [1, 10, 100, 1000] as const;

/** `sizes` capped at `count`, deduplicated, ascending: N = 1000 on 40 messages is one batch of 40. */
export function batchSizesFor(count: number, sizes: readonly number[] = BATCH_SIZES): number[] {
  if (count < 1) return [];
  return [...new Set(sizes.map((n) => Math.min(Math.max(1, Math.floor(n)), count)))].sort((a, b) => a - b);
}

/**
 * The dataset cut into consecutive batches of N messages, each batch's messages concatenated and
 * compressed as one body (a Kafka record batch compresses its records together; an HTTP request
 * may carry a list). Framing inside a batch is not added here: `framed` reports it.
 */
export async function batchedSizes(
  encoded: Uint8Array[],
  sizes: readonly number[] = BATCH_SIZES,
): Promise<BatchedSize[]> {
  await ensureZstd();
  return batchSizesFor(encoded.length, sizes).map((n) => {
    const bodies: Buffer[] = [];
    for (let i = 0; i < encoded.length; i += n) bodies.push(Buffer.concat(encoded.slice(i, i + n)));
    const row: BatchedSize = {
      messages: n,
      batches: bodies.length,
      raw: bodies.reduce((sum, b) => sum + b.byteLength, 0),
      gzip: 0,
      brotli: 0,
      zstd: 0,
      compressMs: { gzip: 0, brotli: 0, zstd: 0 },
    };
    for (const name of compressorNames) {
      const t0 = process.hrtime.bigint();
      for (const body of bodies) row[name] += compressors[name](body).byteLength;
      row.compressMs[name] = msSince(t0);
    }
    return row;
  });
}
