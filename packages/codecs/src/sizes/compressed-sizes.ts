import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { compress as zstdCompress, decompress as zstdDecompress, init as zstdInit } from "@bokuweb/zstd-wasm";
import type { SizeDetail } from "@wirebench/contracts";
import { median } from "simple-statistics";

/**
 * Levels a server compressing responses on the fly would use, so the three are comparable: zstd 3
 * (zstd's default), gzip 6 (zlib's default) and brotli 5 (node's default 11 is a static-asset level,
 * ~50× slower: 5 s for canada.json).
 */
export const ZSTD_LEVEL = 3;
export const BROTLI_QUALITY = 5;
/** Up to this many timed compressions of the whole dataset per compressor; the median is reported... */
export const COMPRESS_REPEATS = 3;
/** ...but repetitions stop once this much time was spent (brotli at level 11 takes ~1 s per MB)... */
export const COMPRESS_BUDGET_MS = 100;
/**
 * ...and a pass this long is not repeated once its compressor has run in the process: a preempted
 * millisecond is under 5 % of it, and the passes of canada.json's encodings (1 to 3.5 MB: gzip 25 to
 * 67 ms, brotli 36 to 82, zstd 13 to 26) agreed within 11 % of the first. Their second and third
 * passes were about 40 % of a format's compression time (canada.json's JSON: 435 ms of passes with
 * them, 250 without). A compressor's first pass in a process is repeated whatever its length: zstd's
 * WebAssembly runs it before V8 has optimised it (37 to 48 ms where the next took 13 to 25).
 */
export const COMPRESS_LONG_PASS_MS = 20;

let zstdReady: Promise<void> | undefined;
export async function ensureZstd(): Promise<void> {
  zstdReady ??= zstdInit();
  await zstdReady;
}

/** The three compressors at the levels above (batches and dictionaries reuse them). */
export const compressors = {
  gzip: (b: Uint8Array) => gzipSync(b),
  brotli: (b: Uint8Array) =>
    brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
  zstd: (b: Uint8Array) => zstdCompress(b, ZSTD_LEVEL),
};
const decompressors = {
  gzip: (b: Uint8Array) => gunzipSync(b),
  brotli: (b: Uint8Array) => brotliDecompressSync(b),
  zstd: (b: Uint8Array) => zstdDecompress(b),
};
type Name = keyof typeof compressors;
export type CompressorName = Name;
const names = Object.keys(compressors) as Name[];
export const compressorNames = names;
type PerCompressor = Record<Name, number>;

export const msSince = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

interface Pass<T> {
  out: T[];
  /** Mean milliseconds of one call. */
  ms: number;
  /** Milliseconds of the whole pass. */
  total: number;
}

/**
 * Calls `fn` once per item and returns its results with the mean milliseconds of one call, only the
 * calls timed: the pass that measures sizes is also the first timed pass, so sizes cost no extra work.
 */
function timedPass<T>(fn: (b: Uint8Array) => T, items: Uint8Array[]): Pass<T> {
  let ms = 0;
  const out: T[] = [];
  for (const item of items) {
    const t0 = process.hrtime.bigint();
    out.push(fn(item));
    ms += msSince(t0);
  }
  return { out, ms: ms / Math.max(1, items.length), total: ms };
}

/** Whether to take another pass after `passes` of them took `spent` ms, the first `firstMs` (see above). */
export function repeatPass(passes: number, spent: number, firstMs: number, ranBefore: boolean): boolean {
  if (passes >= COMPRESS_REPEATS || spent >= COMPRESS_BUDGET_MS) return false;
  return !ranBefore || firstMs < COMPRESS_LONG_PASS_MS;
}

/** Compressors and decompressors that have made a pass in this process (see COMPRESS_LONG_PASS_MS). */
const ran = new WeakSet<(b: Uint8Array) => unknown>();

/**
 * The median of the first pass of `fn` and further ones (up to COMPRESS_REPEATS in all) while
 * repeatPass says so: repeating steadies short timings, and a long pass barely moves.
 */
function medianWithFirst(
  fn: (b: Uint8Array) => unknown,
  first: Pass<unknown>,
  pass: () => Pass<unknown>,
): number {
  const ranBefore = ran.has(fn);
  ran.add(fn);
  const times = [first.ms];
  let spent = first.total;
  while (repeatPass(times.length, spent, first.total, ranBefore)) {
    const next = pass();
    times.push(next.ms);
    spent += next.total;
  }
  return median(times);
}

/**
 * Sizes of the encoded messages: whole dataset (concatenated, compressed as one stream, timed) and
 * mean per message (each compressed alone, as one request body would be, with the mean time to
 * compress and to decompress one message: the CPU a sender and a receiver add per message).
 * A dataset of one message is its own only message: the stream and the message are the same bytes,
 * so they are compressed and timed once and the figures shared.
 */
export async function compressedSizes(encoded: Uint8Array[]): Promise<SizeDetail> {
  await ensureZstd();
  const all = encoded.length === 1 ? (encoded[0] as Uint8Array) : Buffer.concat(encoded);
  const dataset = { raw: all.byteLength, gzip: 0, brotli: 0, zstd: 0 };
  const compressMs: PerCompressor = { gzip: 0, brotli: 0, zstd: 0 };
  const perMessage = { raw: all.byteLength / Math.max(1, encoded.length), gzip: 0, brotli: 0, zstd: 0 };
  const perMessageCompressMs: PerCompressor = { gzip: 0, brotli: 0, zstd: 0 };
  const perMessageDecompressMs: PerCompressor = { gzip: 0, brotli: 0, zstd: 0 };
  const count = Math.max(1, encoded.length);
  for (const name of names) {
    const compress = compressors[name];
    const decompress = decompressors[name];
    const whole = timedPass(compress, [all]);
    dataset[name] = (whole.out[0] as Uint8Array).byteLength;
    compressMs[name] = medianWithFirst(compress, whole, () => timedPass(compress, [all]));
    // Timed message by message, as a server compresses each response: one stream of them all would
    // hide the per-call setup that dominates small messages.
    const single = encoded.length === 1;
    const each = single ? whole : timedPass(compress, encoded);
    const messages = each.out;
    perMessage[name] = messages.reduce((sum, c) => sum + c.byteLength, 0) / count;
    perMessageCompressMs[name] = single
      ? compressMs[name]
      : medianWithFirst(compress, each, () => timedPass(compress, encoded));
    perMessageDecompressMs[name] = medianWithFirst(decompress, timedPass(decompress, messages), () =>
      timedPass(decompress, messages),
    );
  }
  return { dataset, perMessage, compressMs, perMessageCompressMs, perMessageDecompressMs };
}
