import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { compress as zstdCompress, init as zstdInit } from "@bokuweb/zstd-wasm";
import { median } from "simple-statistics";
import type { SizeDetail } from "../result/result-schema.ts";

/**
 * Levels a server compressing responses on the fly would use, so the three are comparable: zstd 3
 * (zstd's default), gzip 6 (zlib's default) and brotli 5 (node's default 11 is a static-asset level,
 * ~50× slower: 5 s for canada.json).
 */
export const ZSTD_LEVEL = 3;
export const BROTLI_QUALITY = 5;
/** Up to this many timed compressions of the whole dataset per compressor; the median is reported... */
export const COMPRESS_REPEATS = 3;
/** ...but repetitions stop once this much time was spent (brotli at level 11 takes ~1 s per MB). */
export const COMPRESS_BUDGET_MS = 100;

let zstdReady: Promise<void> | undefined;
async function ensureZstd(): Promise<void> {
  zstdReady ??= zstdInit();
  await zstdReady;
}

const compressors = {
  gzip: (b: Uint8Array) => gzipSync(b).byteLength,
  brotli: (b: Uint8Array) =>
    brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).byteLength,
  zstd: (b: Uint8Array) => zstdCompress(b, ZSTD_LEVEL).byteLength,
};
type Name = keyof typeof compressors;
const names = Object.keys(compressors) as Name[];

/**
 * Sizes of the encoded messages: whole dataset (concatenated, compressed as one stream, timed) and
 * mean per message (each compressed alone, as one request body would be).
 */
export async function compressedSizes(encoded: Uint8Array[]): Promise<SizeDetail> {
  await ensureZstd();
  const all = Buffer.concat(encoded);
  const dataset = { raw: all.byteLength, gzip: 0, brotli: 0, zstd: 0 };
  const compressMs = { gzip: 0, brotli: 0, zstd: 0 };
  for (const name of names) {
    const times: number[] = [];
    let spent = 0;
    while (times.length < COMPRESS_REPEATS && (times.length === 0 || spent < COMPRESS_BUDGET_MS)) {
      const t0 = process.hrtime.bigint();
      dataset[name] = compressors[name](all);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      times.push(ms);
      spent += ms;
    }
    compressMs[name] = median(times);
  }
  const perMessage = { raw: all.byteLength / Math.max(1, encoded.length), gzip: 0, brotli: 0, zstd: 0 };
  if (encoded.length <= 1)
    Object.assign(perMessage, { gzip: dataset.gzip, brotli: dataset.brotli, zstd: dataset.zstd });
  else {
    for (const name of names) {
      let sum = 0;
      for (const m of encoded) sum += compressors[name](m);
      perMessage[name] = sum / encoded.length;
    }
  }
  return { dataset, perMessage, compressMs };
}
