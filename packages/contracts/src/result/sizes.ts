import { z } from "zod";

export const compressedSchema = z.object({
  gzip: z.number().int(),
  brotli: z.number().int(),
  zstd: z.number().int(),
});
export type Compressed = z.infer<typeof compressedSchema>;

export const sizeDetailSchema = z.object({
  /** Whole dataset: every message encoded, concatenated, then compressed as one stream. */
  dataset: z.object({ raw: z.number().int() }).extend(compressedSchema.shape),
  /** Mean over messages, each message compressed on its own (what a request/response pays). */
  perMessage: z
    .object({ raw: z.number() })
    .extend({ gzip: z.number(), brotli: z.number(), zstd: z.number() }),
  /** Median milliseconds to compress the whole dataset once with each compressor (default levels). */
  compressMs: z.object({ gzip: z.number(), brotli: z.number(), zstd: z.number() }),
  /**
   * Mean milliseconds to compress one message on its own, and to decompress it (median over up to
   * three passes). Absent in results recorded before they were measured.
   */
  perMessageCompressMs: z.object({ gzip: z.number(), brotli: z.number(), zstd: z.number() }).optional(),
  perMessageDecompressMs: z.object({ gzip: z.number(), brotli: z.number(), zstd: z.number() }).optional(),
});
export type SizeDetail = z.infer<typeof sizeDetailSchema>;
