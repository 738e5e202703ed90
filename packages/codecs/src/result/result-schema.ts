import { z } from "zod";
import { fidelityKinds, fidelitySeverities } from "./read-result.ts";

export * from "./read-result.ts";

/**
 * Result JSON (DESIGN.md §7): the stable public contract shared by `wirebench compare --json`,
 * the worker and REST. Fields beyond §7 are additions (extend freely, never rename).
 */

export const timingSchema = z.object({
  /** Median time of one operation on one message, in nanoseconds. */
  medianNs: z.number(),
  /**
   * 95% confidence interval of the median. With several child processes: a hierarchical bootstrap
   * (processes, then samples within them), never narrower than the pooled order-statistic interval;
   * with one process (quick): distribution-free order statistics, which describe that process only.
   */
  ciLowNs: z.number(),
  ciHighNs: z.number(),
  /** Number of timed samples pooled across rounds and child processes. */
  samples: z.number().int(),
  opsPerSec: z.number(),
  /** Encoded megabytes (10^6 bytes) processed per second, from the mean encoded size of a message. */
  mbPerSec: z.number(),
  p5Ns: z.number().optional(),
  p95Ns: z.number().optional(),
  /** Heap and ArrayBuffer bytes allocated per operation, when V8 allowed measuring it (no GC in between). */
  bytesAllocatedPerOp: z.number().nullable().optional(),
  /** Relative spread ((max - min) / median) of the per-process medians: the drift this run saw. */
  processSpread: z.number().optional(),
  /** Relative spread of the per-round medians (within and across processes). */
  roundSpread: z.number().optional(),
  /**
   * False when, in any child process, warm-up reached `warmupMaxMs` before the last three batches
   * agreed within `warmupTolerance`: the JIT may still have been changing tiers while samples were
   * taken, so the median may mix optimisation levels. Absent in results older than this field.
   */
  warmupStable: z.boolean().optional(),
  /**
   * Calls timed together in one sample (chosen by warm-up so a sample lasts about `targetSampleMs`),
   * median over child processes: tiny values mean timer resolution dominates each sample.
   */
  iterationsPerSample: z.number().optional(),
});
export type Timing = z.infer<typeof timingSchema>;

export const compressedSchema = z.object({
  gzip: z.number().int(),
  brotli: z.number().int(),
  zstd: z.number().int(),
});
export type Compressed = z.infer<typeof compressedSchema>;

export const fidelityIssueSchema = z.object({
  /** JSON-Pointer-like path into the message, prefixed by the message index for datasets of several messages. */
  path: z.string(),
  kind: z.enum(fidelityKinds),
  /** Always written now; absent in results stored before it existed (then `severityOf(kind)`). */
  severity: z
    .enum(fidelitySeverities)
    .optional()
    .describe(
      "lossy: a value, type or field changed; cosmetic: the same values presented otherwise (key-order, number-type, number-spelling). Absent in results stored before severities; then the kind decides.",
    ),
  detail: z.string(),
});
export type FidelityIssue = z.infer<typeof fidelityIssueSchema>;

export const fidelitySchema = z.object({
  /** No lossy issue: every value came back (cosmetic issues such as key order may remain). */
  exact: z
    .boolean()
    .describe("True when no lossy issue was found (cosmetic issues such as key order may remain)."),
  /** Lossy issues first, then cosmetic ones, each in the order found, up to the report's cap. */
  issues: z.array(fidelityIssueSchema),
  /** Issues found in total; `issues` keeps the first ones only. */
  issueCount: z.number().int().optional(),
  /** Lossy issues found in total (absent in results stored before severities existed). */
  lossyCount: z.number().int().optional().describe("Lossy issues found in total."),
});
export type Fidelity = z.infer<typeof fidelitySchema>;

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

export const artifactSchema = z.object({
  /** Path relative to the format's folder in the work directory. */
  name: z.string(),
  kind: z.enum(["schema", "generated"]),
  text: z.string(),
});
export type Artifact = z.infer<typeof artifactSchema>;

/**
 * Something of the user's schema that a format (or the schema IR every format is built from) cannot
 * carry as written, reported instead of silently changed: e.g. a `uint64` carried as Avro `long`, a
 * `sint32` written by FlatBuffers as a fixed 4-byte int, a oneof carried as optional fields. `code`
 * is stable (README, "Limitations"), `path` names the type or field in the user's names
 * (`Record.field`), `detail` says what happens instead.
 */
export const limitationSchema = z.object({
  code: z.string(),
  path: z.string(),
  detail: z.string(),
});
export type Limitation = z.infer<typeof limitationSchema>;

/**
 * An identifier the emitted schema could not take as written for a reason beyond the IDL's naming
 * style (which the schema artifact shows): a reserved word of the IDL or of its generated code, or
 * a collision with a name already taken. `path` is the enclosing type (in the user's names) for
 * fields and symbols, the type itself for types.
 */
export const renameSchema = z.object({
  kind: z.enum(["type", "field", "symbol"]),
  path: z.string(),
  from: z.string(),
  to: z.string(),
});
export type Rename = z.infer<typeof renameSchema>;

/** Default cap on `firstMessage` (RunOptions.firstMessageMaxBytes). */
export const defaultFirstMessageMaxBytes = 4096;

/**
 * The first message of the dataset exactly as this format encoded it during verification (never
 * during timing), for a byte-level (hex) view. `base64` holds the first min(`bytes`, cap) bytes,
 * where the cap is 4096 bytes unless the run set another.
 */
export const firstMessageSchema = z.object({
  /** The kept bytes, base64 (RFC 4648, with padding). */
  base64: z.string(),
  /** Length of the whole encoded message, which may exceed what `base64` holds. */
  bytes: z.number().int(),
  /** True when `base64` holds only the first cap bytes of the message. */
  truncated: z.boolean(),
});
export type FirstMessage = z.infer<typeof firstMessageSchema>;

/**
 * One format's outcome. When `ok` is false, `error` says why, `encode`/`decode` are null, and the
 * size figures (`bytes`, `compressed`, `sizes`) are meaningless: 0 placeholders that keep the shape
 * stable (§7), or sizes from a verification that preceded the failure. Do not compare or chart them.
 */
export const formatResultSchema = z.object({
  /** Registry id (e.g. `msgpackr-records`): what `--formats` accepts, unique within a result. */
  id: z.string(),
  format: z.string(),
  variant: z.string(),
  library: z.string(),
  version: z.string(),
  /** False when the format could not prepare, encode, round-trip or be measured; see `error`. */
  ok: z.boolean(),
  /** Why the format failed; always present when `ok` is false, absent otherwise. */
  error: z.string().optional(),
  /** Encoded bytes of the whole dataset (sum over messages); 0 and meaningless when `ok` is false. */
  bytes: z.number().int(),
  /** Whole-dataset compressed sizes; 0 placeholders and meaningless when `ok` is false. */
  compressed: compressedSchema,
  encode: timingSchema.nullable(),
  decode: timingSchema.nullable(),
  access: timingSchema.nullable().optional(),
  fidelity: fidelitySchema,
  sizes: sizeDetailSchema.optional(),
  artifacts: z.array(artifactSchema).optional(),
  notes: z.array(z.string()).optional(),
  /** Constructs of the user's schema this format cannot carry as written; absent when none. */
  limitations: z.array(limitationSchema).optional(),
  /** Identifiers this format's emitted schema renamed (reserved word, collision); absent when none. */
  renames: z.array(renameSchema).optional(),
  /** Present once the format was verified (also on an entry that failed later, while measuring). */
  firstMessage: firstMessageSchema.optional(),
  /**
   * On a library default that writes more than its format needs (msgpackr, cbor-x: 3-byte headers
   * for every object), the id of the variant writing the minimal standard encoding, which size
   * summaries use instead when it ran. Absent on every other variant.
   */
  minimalVariant: z
    .string()
    .optional()
    .describe(
      "On a library default that pads (msgpackr, cbor-x: a 3-byte header per object), the id of the variant writing the minimal standard encoding; size summaries use that one.",
    ),
});
export type FormatResult = z.infer<typeof formatResultSchema>;

export const environmentSchema = z.object({
  node: z.string(),
  v8: z.string(),
  platform: z.string(),
  arch: z.string(),
  cpuModel: z.string(),
  cpuCount: z.number().int(),
  totalMemoryMb: z.number(),
  gitCommit: z.string().nullable(),
  libraries: z.record(z.string(), z.string()),
  compilers: z.record(z.string(), z.string()).optional(),
  settings: z.record(z.string(), z.unknown()),
  startedAt: z.string(),
  durationMs: z.number(),
});
export type Environment = z.infer<typeof environmentSchema>;

export const noiseSchema = z.object({
  /** Median over formats and operations of the relative spread of per-process medians. */
  betweenProcesses: z.number().nullable(),
  /** Median over formats and operations of the relative spread of per-round medians. */
  betweenRounds: z.number().nullable(),
  /** Median over formats and operations of the relative CI width ((high - low) / median). */
  ciWidth: z.number().nullable(),
});

export const resultSchema = z.object({
  id: z.string().optional(),
  status: z.enum(["queued", "running", "completed", "failed", "canceled"]),
  environment: environmentSchema,
  formats: z.array(formatResultSchema),
  noise: noiseSchema.optional(),
  dataset: z.object({ messages: z.number().int(), schemaName: z.string() }).optional(),
  /**
   * What the importer of the user's schema (.proto, .avsc, JSON Schema) could not carry into the
   * schema IR that feeds the other formats (a oneof, a proto2 default, an Avro logical type, a JSON
   * Schema pattern); the format the schema was written in still measures it as written.
   */
  limitations: z.array(limitationSchema).optional(),
});
export type Result = z.infer<typeof resultSchema>;
