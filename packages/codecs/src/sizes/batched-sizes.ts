import type { SizeDetail } from "@wirebench/contracts";
import type { BatchedSize } from "@wirebench/contracts/result";
import {
  type CompressorName,
  compressorNames,
  compressors,
  ensureZstd,
  msSince,
} from "./compressed-sizes.ts";

/** Messages per batch measured by default (each capped at the dataset's message count). */
export const BATCH_SIZES = [1, 10, 100, 1000] as const;

/** `sizes` capped at `count`, deduplicated, ascending: N = 1000 on 40 messages is one batch of 40. */
export function batchSizesFor(count: number, sizes: readonly number[] = BATCH_SIZES): number[] {
  if (count < 1) return [];
  return [...new Set(sizes.map((n) => Math.min(Math.max(1, Math.floor(n)), count)))].sort((a, b) => a - b);
}

/** A row of `batches` batches of `messages` messages, `raw` bytes in all, its compressed sizes to fill. */
function emptyRow(messages: number, batches: number, raw: number): BatchedSize {
  return { messages, batches, raw, gzip: 0, brotli: 0, zstd: 0, compressMs: { gzip: 0, brotli: 0, zstd: 0 } };
}

/**
 * The rows compressedSizes already measured: a batch of every message is the dataset compressed as
 * one stream, and batches of one are its messages compressed alone. Their sizes are the same bytes
 * from the same compressors at the same levels; their times are compressedSizes' medians of up to three
 * passes (per message: the mean call times the count), where a batch row's own would be one pass.
 * canada.json is one message, so its one row is the dataset: compressing every format's encoding of
 * it again took 1.5 and 1.9 s of a quick run's two children's CPU.
 */
function knownRow(n: number, count: number, known: SizeDetail): BatchedSize | undefined {
  const row = (batches: number, of: (name: CompressorName) => [bytes: number, ms: number]) => {
    const r = emptyRow(n, batches, known.dataset.raw);
    for (const name of compressorNames) [r[name], r.compressMs[name]] = of(name);
    return r;
  };
  if (n === count) return row(1, (name) => [known.dataset[name], known.compressMs[name]]);
  const perMessageMs = known.perMessageCompressMs;
  if (n !== 1 || !perMessageMs) return undefined;
  // perMessage is a mean over the messages: times the count, it is their sum again (an integer).
  return row(count, (name) => [Math.round(known.perMessage[name] * count), perMessageMs[name] * count]);
}

/**
 * The dataset cut into consecutive batches of N messages, each batch's messages concatenated and
 * compressed as one body (a Kafka record batch compresses its records together; an HTTP request
 * may carry a list). Framing inside a batch is not added here: `framed` reports it. `known`, the
 * format's compressedSizes of the same messages, supplies the rows of N = 1 and N = all (knownRow).
 */
export async function batchedSizes(
  encoded: Uint8Array[],
  sizes: readonly number[] = BATCH_SIZES,
  known?: SizeDetail,
): Promise<BatchedSize[]> {
  await ensureZstd();
  return batchSizesFor(encoded.length, sizes).map((n) => {
    const reused = known && knownRow(n, encoded.length, known);
    if (reused) return reused;
    const bodies: Buffer[] = [];
    for (let i = 0; i < encoded.length; i += n) bodies.push(Buffer.concat(encoded.slice(i, i + n)));
    const row = emptyRow(
      n,
      bodies.length,
      bodies.reduce((sum, b) => sum + b.byteLength, 0),
    );
    for (const name of compressorNames) {
      const t0 = process.hrtime.bigint();
      for (const body of bodies) row[name] += compressors[name](body).byteLength;
      row.compressMs[name] = msSince(t0);
    }
    return row;
  });
}
