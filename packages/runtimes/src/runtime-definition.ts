import type { RuntimeId } from "@wirebench/contracts";

/**
 * What one runtime (Python, Go, Java, Rust) tells the Node parent about itself. Each lives in
 * `src/definitions/<runtime>.ts`; the parent (`src/run-runtimes.ts`) needs nothing else to measure
 * in it. docs/polyglot.md is the protocol these children speak.
 */

/**
 * The shape of a format's input file (docs/polyglot.md, "Input shapes"): one JSON array, one entry
 * per message, which the child turns into its library's objects once, outside timing, with that
 * library's own JSON reader; it answers decoded messages in the same shape.
 */
export type InputShape =
  /** The data model as lossless JSON: the sample's own names; integers of any size; bytes `{"$bytes": b64}`. */
  | "data"
  /**
   * Protobuf's canonical JSON mapping (ProtoJSON) of each message of the emitted `.proto`, as
   * protobufjs writes it: every protobuf library reads it (json_format.ParseDict, protojson,
   * JsonFormat, prost-reflect), well-known types (Timestamp) included.
   */
  | "protojson"
  /**
   * Avro's JSON encoding (the specification's) of each message of the emitted `.avsc`: unions other
   * than null as `{"<branch>": value}`, bytes as ISO-8859-1 code points, longs as integers.
   */
  | "avrojson"
  /**
   * The binary FlatBuffer Node's FlatBuffers adapter encodes (flatc's object API) for each message of
   * the emitted `.fbs`: one standard base64 line per message (src/inputs/idl-binary.ts).
   */
  | "flatbuffers"
  /** The unpacked Cap'n Proto message Node's capnp adapter encodes for the emitted `.capnp`: as `flatbuffers`. */
  | "capnp"
  /**
   * The struct Node's Thrift adapter encodes for each message of the emitted `.thrift`, written by the
   * `thrift` library's TJSONProtocol: one line per message (src/inputs/thrift-json.ts).
   */
  | "thriftjson"
  /**
   * Each message along the emitted `.colf`'s IR as lossless JSON (src/inputs/colfer-input.ts): Colfer's
   * field names, wrapper records, maps as entry lists. Colfer has no Node implementation to start from.
   */
  | "colfer";

export interface RuntimeFormatDefinition {
  /** The runtime's implementation name, unique in the runtime (`protobuf`, `fastavro`, `orjson`). */
  impl: string;
  /** The format family, as the Node registry's `format` (`protobuf`, `avro`, `msgpack`, …). */
  format: string;
  /** Human label of the library and variant (`protobuf (upb)`, `encoding/json`). */
  library: string;
  input: InputShape;
  /**
   * The key of the child's `hello.libraries` whose version stamps this format's entries (`protobuf`,
   * `github.com/fxamacker/cbor/v2`, `com.google.protobuf:protobuf-java`). Default: `library`, then `impl`.
   */
  package?: string;
}

export interface Availability {
  available: boolean;
  /** The runtime's version as it reports itself, when found. */
  version?: string;
  /** Why not, in one line a user can act on (e.g. "go not on PATH; install Go 1.22+"). */
  reason?: string;
}

/** One format's emitted schema, as the parent hands it to `generate`. */
export interface SchemaForRuntime {
  /** Which IDL. */
  idl: "proto" | "avsc" | "thrift" | "fbs" | "capnp" | "colf";
  /** Absolute path of the schema file the parent wrote. */
  file: string;
  rootType: string;
}

export interface RuntimeDefinition {
  /** `node` only for the Node implementation of the protocol that tests the parent (node/definition.ts). */
  id: RuntimeId;
  formats: RuntimeFormatDefinition[];
  /** Is the toolchain there and was the project's setup for it run? Never throws. */
  detect(): Promise<Availability>;
  /**
   * Runs the runtime's official code generator (and compiler, where the runtime needs one) on a
   * schema into `outDir` (an empty folder the parent owns and caches by schema hash, docs/polyglot.md
   * "Code generation and caching"). Absent when no format of this runtime needs generated code.
   * Throws with the generator's own message when it fails.
   */
  generate?(schema: SchemaForRuntime, outDir: string, signal: AbortSignal): Promise<void>;
  /**
   * Prepares what `command` needs from the run's generated folders together (the Rust child compiles
   * every schema of the run into one binary). Called once per run with at least one folder, before
   * the first process; a failure fails the formats that have generated code with its message.
   * Absent when folders combine at run time.
   */
  link?(generatedDirs: string[], signal: AbortSignal): Promise<void>;
  /** Bumps every cached generation of this runtime when the generator or its settings change. */
  generatorVersion?: string;
  /** How to start one measurement child; it reads the request on stdin (docs/polyglot.md). */
  command(generatedDirs: string[]): { cmd: string; args: string[]; env?: Record<string, string> };
}
