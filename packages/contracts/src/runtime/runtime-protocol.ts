import { z } from "zod";

/**
 * The runtime-neutral measurement protocol (docs/polyglot.md): how the Node parent hands one
 * measurement child of any runtime (Node, Python, Go, Java, Rust) its formats, and what the child
 * answers. The child measures; the parent keeps the statistics, the fidelity check, the compressed
 * sizes and the budget, so every runtime's figures are computed by the same code.
 *
 * Transport: the parent writes one `RuntimeRequest` as a single JSON line on the child's stdin; the
 * child writes `ChildMessage`s, one JSON object per line, on stdout (stderr is for humans and is
 * kept for error messages). After `ready` the child reads one `PlanMessage` line from stdin.
 */

export const runtimeIds = ["node", "python", "go", "java", "rust"] as const;
export const runtimeIdSchema = z.enum(runtimeIds);
export type RuntimeId = z.infer<typeof runtimeIdSchema>;

export const protocolVersion = 1;

export const runtimeOpSchema = z.enum(["encode", "decode", "access"]);

/** What the child needs to build one format's codec. Paths are absolute. */
export const runtimeFormatSchema = z.object({
  /** The result entry id, `<impl>@<runtime>` (e.g. `protobuf@python`): unique within a run. */
  id: z.string(),
  /** The format family shared across runtimes (`protobuf`, `avro`, `msgpack`, `cbor`, `json`, …). */
  format: z.string(),
  /** Which of the runtime's implementations of the format (`protobuf`, `fastavro`, `orjson`, …). */
  impl: z.string(),
  /**
   * The messages in the shape this format's schema sees, as lossless JSON (see `losslessJson`): for
   * schema formats, keys are the emitted IDL's field names, enums are symbol names, 64-bit integers
   * are JSON integers; for schemaless formats, the data model itself. One JSON array.
   */
  inputFile: z.string(),
  /** The emitted schema the parent measured with in Node (absent for schemaless formats). */
  schema: z
    .object({
      /** `.proto`, `.avsc`, `.thrift`, `.fbs` or `.capnp` file. */
      file: z.string(),
      /** Full name of the root type (`tutorial.AddressBook`, Avro full name, …). */
      rootType: z.string(),
    })
    .optional(),
  /**
   * Folder of code the runtime's official generator produced from `schema` (protoc --python_out,
   * --go_out, --java_out, prost-build, flatc, thrift, capnp compile), built by the parent's prepare
   * step and cached by schema hash. Absent when the format needs none.
   */
  generatedDir: z.string().optional(),
});
export type RuntimeFormat = z.infer<typeof runtimeFormatSchema>;

/** The timing settings a child follows; same meaning as the Node harness's MeasureSettings. */
export const runtimeSettingsSchema = z.object({
  rounds: z.number().int().min(1),
  targetSampleMs: z.number().positive(),
  warmupMinMs: z.number().min(0),
  warmupMinIterations: z.number().int().min(0),
  warmupEnoughMs: z.number().min(0),
  warmupMaxMs: z.number().positive(),
  warmupTolerance: z.number().positive(),
});
export type RuntimeSettings = z.infer<typeof runtimeSettingsSchema>;

export const runtimeRequestSchema = z.object({
  protocol: z.literal(protocolVersion),
  /** 0-based replicate: the parent starts `processes` children one after another. */
  process: z.number().int().min(0),
  /** Process 0 verifies: sends every encoded message and every decoded value back. */
  verify: z.boolean(),
  /** A writable scratch folder of this child's own. */
  workDir: z.string(),
  formats: z.array(runtimeFormatSchema),
  settings: runtimeSettingsSchema,
});
export type RuntimeRequest = z.infer<typeof runtimeRequestSchema>;

/**
 * Count mode (docs/instructions.md, "Other runtimes"): the parent starts the child under callgrind
 * with `WIREBENCH_COUNT=1` and sends the request with `count`. The child answers `hello`, `failed`
 * per format that could not be counted, one `segments` line and `done`; no calibration, no plan.
 * Each operation runs `warmupIterations` calls, then `segments` segments of N calls between calls of
 * the runtime's marker function (each marker call is one callgrind dump), N = segmentBytes ÷ the
 * format's mean encoded size, clamped to [minIterations, maxIterations]: never from a clock.
 */
export const countSettingsSchema = z.object({
  segmentBytes: z.number().int().min(1),
  minIterations: z.number().int().min(1),
  maxIterations: z.number().int().min(1),
  warmupIterations: z.number().int().min(0),
  segments: z.number().int().min(1),
});
export type CountSettings = z.infer<typeof countSettingsSchema>;

export const runtimeCountRequestSchema = runtimeRequestSchema.extend({ count: countSettingsSchema });
export type RuntimeCountRequest = z.infer<typeof runtimeCountRequestSchema>;

/**
 * Count mode's answer: one label per marker call in order (dump k is label k − 1): a counted
 * segment of `iterations` calls of `id`'s `op`, or null for a gap nobody reads.
 */
export const segmentsMessageSchema = z.object({
  type: z.literal("segments"),
  segments: z.array(
    z.object({ id: z.string(), op: runtimeOpSchema, iterations: z.number().int().min(1) }).nullable(),
  ),
});

/** First line: who is measuring, so the result can say it. */
export const helloMessageSchema = z.object({
  type: z.literal("hello"),
  runtime: runtimeIdSchema,
  /** `python3 --version`, `go version`, `java -version`, `rustc --version`, as the runtime reports itself. */
  runtimeVersion: z.string(),
  /** Library (as users install it: PyPI, module path, Maven coordinates, crate) → exact version. */
  libraries: z.record(z.string(), z.string()),
});

/**
 * One format verified (process 0 only): every message encoded, and decoded again, outside timing.
 * `encoded[i]` is message i's bytes (base64); `decoded[i]` its round trip in the `inputFile` shape, as
 * lossless JSON, which the parent compares with what went in.
 */
export const verifiedMessageSchema = z.object({
  type: z.literal("verified"),
  id: z.string(),
  encoded: z.array(z.string()),
  decoded: z.array(z.unknown()),
  /** The library's own words on choices it made (e.g. `orjson.dumps with OPT_…`). */
  notes: z.array(z.string()).optional(),
});

export const failedMessageSchema = z.object({
  type: z.literal("failed"),
  id: z.string(),
  error: z.string(),
});

/** Warm-up of one operation ended: calls per timed sample, and one call's cost for the budget. */
export const calibratedMessageSchema = z.object({
  type: z.literal("calibrated"),
  id: z.string(),
  op: runtimeOpSchema,
  iterations: z.number().int().min(1),
  nsPerOp: z.number().positive(),
  /** Whether the last three batches agreed within `warmupTolerance` before `warmupMaxMs`. */
  stable: z.boolean(),
});

/** Every format is warmed up; the child now reads one `PlanMessage` line from stdin. */
export const readyMessageSchema = z.object({ type: z.literal("ready") });

/** The samples of one operation in one round: each entry is one batch's time divided by `iterations`. */
export const samplesMessageSchema = z.object({
  type: z.literal("samples"),
  id: z.string(),
  op: runtimeOpSchema,
  round: z.number().int().min(0),
  nsPerOp: z.array(z.number().positive()),
  iterations: z.number().int().min(1),
});

/** The end: `checksum` folds every result the timed loops produced, so no optimiser could drop the work. */
export const doneMessageSchema = z.object({ type: z.literal("done"), checksum: z.number() });

export const childMessageSchema = z.discriminatedUnion("type", [
  helloMessageSchema,
  verifiedMessageSchema,
  failedMessageSchema,
  calibratedMessageSchema,
  readyMessageSchema,
  samplesMessageSchema,
  doneMessageSchema,
  segmentsMessageSchema,
]);
export type ChildMessage = z.infer<typeof childMessageSchema>;

/**
 * Parent → child after `ready`: timed samples per operation (0 = none), spread by the child over
 * `settings.rounds` as evenly as possible, earlier rounds first. Rounds interleave formats, the
 * starting format rotating by one each round, with one untimed batch before each operation's samples.
 */
export const planMessageSchema = z.object({
  type: z.literal("plan"),
  plans: z.array(z.object({ id: z.string(), op: runtimeOpSchema, samples: z.number().int().min(0) })),
});
export type PlanMessage = z.infer<typeof planMessageSchema>;
