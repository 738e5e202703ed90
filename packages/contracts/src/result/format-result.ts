import { z } from "zod";
import { runtimeIdSchema } from "../runtime/runtime-protocol.ts";
import { attributionEntrySchema } from "./attribution.ts";
import { fidelitySchema } from "./fidelity.ts";
import { formatInstructionsSchema } from "./instructions.ts";
import { batchedSizeSchema, dictionarySizeSchema, framedSchema } from "./shipped.ts";
import { compressedSchema, sizeDetailSchema } from "./sizes.ts";
import { timingSchema } from "./timing.ts";
import { formatTransportSchema } from "./transport.ts";

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
 * stable, or sizes from a verification that preceded the failure. Do not compare or chart them.
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
  /** The dataset's bytes in each framing that applies (gRPC, schema registry, NDJSON, Avro container…). */
  framed: framedSchema.optional(),
  /** Sizes when N messages are compressed together, N = 1, 10, 100, 1000 capped at the dataset. */
  batched: z.array(batchedSizeSchema).optional(),
  /** zstd with a dictionary trained on half the dataset, measured on the other half. */
  dictionary: dictionarySizeSchema.optional(),
  artifacts: z.array(artifactSchema).optional(),
  notes: z.array(z.string()).optional(),
  /** Constructs of the user's schema this format cannot carry as written; absent when none. */
  limitations: z.array(limitationSchema).optional(),
  /** Identifiers this format's emitted schema renamed (reserved word, collision); absent when none. */
  renames: z.array(renameSchema).optional(),
  /**
   * Where the bytes go: bytes per field path and per structural cost, largest first, adding up to
   * `bytes`. Present once the format was verified; absent in results made before it existed.
   */
  attribution: z.array(attributionEntrySchema).optional(),
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
  /** Measured over real transports (`--transport`, `options.transport`); absent otherwise. */
  transport: formatTransportSchema.optional(),
  /** Instructions per call under callgrind (`--metric instructions`, `options.metric`); absent otherwise. */
  instructions: formatInstructionsSchema.optional(),
  /**
   * The runtime that measured this entry (`--runtimes`, docs/polyglot.md); absent means Node, as in
   * every result made before other runtimes existed.
   */
  runtime: runtimeIdSchema.optional(),
  /** That runtime's version as it reports itself (`Python 3.11.7`, `go1.26.8`, …). */
  runtimeVersion: z.string().optional(),
  /**
   * SHA-256 (hex) of every encoded message, each prefixed by its length as 4 bytes big-endian: equal
   * digests mean byte-identical output, which the cross-runtime comparison reads.
   */
  digest: z.string().optional(),
});
export type FormatResult = z.infer<typeof formatResultSchema>;
