import { z } from "zod";

/**
 * Sizes as shipped (docs/framing.md): the envelopes, batches and dictionaries that sit between a
 * format's bytes and what a team pays on the wire. All byte counts cover the whole dataset.
 */

/**
 * Bytes of the whole dataset in each framing that applies to the format, by framing name: `grpc`
 * (+5 B a message), `varint-delimited` (+1..5 B), `schema-registry` (+5 B; Protobuf +6 B or more
 * for its message indexes), `ndjson` (+1 B), `msgpack-sequence` / `cbor-sequence` (+0 B),
 * `avro-container-null|deflate|zstandard` (one object container file for the dataset).
 */
export const framedSchema = z
  .record(z.string(), z.number().int())
  .describe("Bytes of the whole dataset in each framing that applies to this format (docs/framing.md).");
export type Framed = z.infer<typeof framedSchema>;

const perCompressor = z.object({ gzip: z.number(), brotli: z.number(), zstd: z.number() });

/** The dataset sent as consecutive batches of `messages` messages, each batch compressed as one body. */
export const batchedSizeSchema = z.object({
  /** Messages per batch (N = 1, 10, 100, 1000 capped at the dataset); the last batch holds the rest. */
  messages: z.number().int(),
  /** Number of batches the dataset makes. */
  batches: z.number().int(),
  /** Bytes over all batches, uncompressed (the messages concatenated; framing is in `framed`). */
  raw: z.number().int(),
  gzip: z.number().int(),
  brotli: z.number().int(),
  zstd: z.number().int(),
  /** Milliseconds to compress every batch once, per compressor. */
  compressMs: perCompressor,
});
export type BatchedSize = z.infer<typeof batchedSizeSchema>;

const datasetPartSchema = z.object({ messages: z.number().int(), bytes: z.number().int() });

/**
 * zstd with a dictionary trained (`zstd --train`) on the first half of the messages and measured on
 * the other half, each message compressed alone; `plainZstd` is the same messages without it. The
 * dictionary (`dictionaryBytes`) travels once, out of band, and is not in `zstd`. When no
 * dictionary could be trained (too few messages or bytes), `unavailable` says why.
 */
export const dictionarySizeSchema = z.union([
  z.object({
    zstd: z.number().int(),
    plainZstd: z.number().int(),
    trainedOn: datasetPartSchema,
    measuredOn: datasetPartSchema,
    dictionaryBytes: z.number().int(),
    trainMs: z.number(),
  }),
  z.object({ unavailable: z.string() }),
]);
export type DictionarySize = z.infer<typeof dictionarySizeSchema>;

/** The three together, as the harness computes them once a format is verified. */
export const shippedSizesSchema = z.object({
  framed: framedSchema,
  batched: z.array(batchedSizeSchema),
  dictionary: dictionarySizeSchema,
});
export type ShippedSizes = z.infer<typeof shippedSizesSchema>;
