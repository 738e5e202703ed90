import { z } from "zod";

/**
 * Result JSON (DESIGN.md §7): the stable public contract shared by `wirebench compare --json`,
 * the worker and REST. Fields beyond §7 are additions (extend freely, never rename).
 */

export const timingSchema = z.object({
  /** Median time of one operation on one message, in nanoseconds. */
  medianNs: z.number(),
  /** 95% confidence interval of the median (distribution-free, order statistics of pooled samples). */
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
  kind: z.enum([
    "int64-precision",
    "float32-rounding",
    "null-vs-absent",
    "missing",
    "extra",
    "key-order",
    "bytes-as-base64",
    "bytes-changed",
    "date-shape",
    "enum-by-number",
    "enum-by-name",
    "number-type",
    "type-changed",
    "value-changed",
    "truncated",
  ]),
  detail: z.string(),
});
export type FidelityIssue = z.infer<typeof fidelityIssueSchema>;

export const fidelitySchema = z.object({
  exact: z.boolean(),
  issues: z.array(fidelityIssueSchema),
  /** Issues found in total; `issues` keeps the first ones only. */
  issueCount: z.number().int().optional(),
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
});
export type SizeDetail = z.infer<typeof sizeDetailSchema>;

export const artifactSchema = z.object({
  /** Path relative to the format's folder in the work directory. */
  name: z.string(),
  kind: z.enum(["schema", "generated"]),
  text: z.string(),
});
export type Artifact = z.infer<typeof artifactSchema>;

export const formatResultSchema = z.object({
  /** Registry id (e.g. `msgpackr-records`): what `--formats` accepts, unique within a result. */
  id: z.string(),
  format: z.string(),
  variant: z.string(),
  library: z.string(),
  version: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** Encoded bytes of the whole dataset (sum over messages). */
  bytes: z.number().int(),
  compressed: compressedSchema,
  encode: timingSchema.nullable(),
  decode: timingSchema.nullable(),
  access: timingSchema.nullable().optional(),
  fidelity: fidelitySchema,
  sizes: sizeDetailSchema.optional(),
  artifacts: z.array(artifactSchema).optional(),
  notes: z.array(z.string()).optional(),
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
});
export type Result = z.infer<typeof resultSchema>;
