/**
 * The schema IR: the single meeting point of every importer (JSON samples, JSON Schema, .proto,
 * .avsc, .thrift, .fbs, .capnp) and every emitter (.proto, .avsc, .fbs, .capnp, .thrift, JSON Schema). Plain data, so it
 * can be stored as JSON in the database and sent between processes.
 *
 * Names in the IR are the *original* names (JSON keys, schema names). Each emitter sanitises them
 * for its own IDL and keeps a mapping back, so one IR serves IDLs with different identifier rules.
 */

export type ScalarKind =
  | "bool"
  | "int32"
  | "int64"
  | "uint32"
  | "uint64"
  | "float32"
  | "float64"
  | "string"
  | "bytes"
  | "timestamp"
  /** Avro's `null` and JSON Schema's `type: "null"`: the value is always null (no bytes in Avro). */
  | "null";

/** Hints that keep a string faithful while saying what it looks like (never changes the value). */
export type StringFormat = "date-time" | "date" | "time" | "uuid";

/**
 * How a Protobuf integer travels, as the user's .proto wrote it: `zigzag` for sint32/sint64, `fixed`
 * for fixed32/fixed64/sfixed32/sfixed64 (4 or 8 bytes); a plain varint when absent. Other IDLs have
 * one encoding per integer type and ignore it (the limitation is reported by their emitter).
 */
export type IntEncoding = "zigzag" | "fixed";

/** Where a type came from when it is a well-known Protobuf message (google.protobuf.*). */
export type WellKnownType =
  | "google.protobuf.Timestamp"
  | "google.protobuf.Struct"
  | "google.protobuf.Value"
  | "google.protobuf.ListValue"
  | "google.protobuf.Duration"
  | "google.protobuf.FieldMask"
  | `google.protobuf.${"Double" | "Float" | "Int64" | "UInt64" | "Int32" | "UInt32" | "Bool" | "String" | "Bytes"}Value`;

export interface ScalarType {
  kind: ScalarKind;
  /** Only for `string`: what the inference recognised. */
  format?: StringFormat;
  /** Only for integers imported from a .proto: the wire encoding written there. */
  encoding?: IntEncoding;
  /** Only for `timestamp`: imported from google.protobuf.Timestamp. */
  wellKnown?: WellKnownType;
  /**
   * Only for `int32`/`uint32`: the imported schema declared a narrower integer (Thrift i8/i16,
   * FlatBuffers byte/ubyte/short/ushort, Cap'n Proto Int8/UInt8/Int16/UInt16). Values must fit; an
   * IDL without that width carries the 32-bit type.
   */
  bits?: 8 | 16;
}

export interface EnumType {
  kind: "enum";
  name: string;
  /** Symbols in declaration order; a symbol's index is its number unless `values` says otherwise. */
  symbols: string[];
  values?: number[];
}

export interface RecordField {
  /** Original name as it appears in the data (JSON key) or the imported schema. */
  name: string;
  /**
   * Stable field number: the Protobuf tag and Thrift id. Cap'n Proto ordinals and FlatBuffers ids are
   * the field's position instead, because both need contiguous ids and numbers may have gaps.
   */
  number: number;
  type: IrType;
  /** The field may be absent from a record. */
  optional: boolean;
  /**
   * The default the imported schema declares (Thrift `= 5`, FlatBuffers `hp:short = 100`, Cap'n Proto
   * `= 5`), as written: a number, text, boolean or enum symbol; a 64-bit integer beyond 2^53 is decimal
   * text. Emitters do not write it; reading a sample against the schema (the codecs package's
   * conformToSchema) fills it into a record that leaves the field out, as the source format reads one.
   */
  default?: string | number | boolean;
  doc?: string;
}

export interface RecordType {
  kind: "record";
  name: string;
  fields: RecordField[];
  doc?: string;
  /**
   * Set on records an emitter adds because its IDL cannot nest a type directly: `list` wraps an
   * inner array (field `items`), `value` wraps a nullable item (field `value`), `entry` is one
   * key/value pair of a map carried as a list (fields `key`, `value`).
   */
  wrapper?: "list" | "value" | "entry";
  /** A google.protobuf message kept as a record (Duration, FieldMask): samples may use its JSON form. */
  wellKnown?: WellKnownType;
}

export interface ArrayType {
  kind: "array";
  items: IrType;
  /** Imported from google.protobuf.ListValue. */
  wellKnown?: WellKnownType;
}

/** Map with string keys (JSON objects whose keys are data, not field names). */
export interface MapType {
  kind: "map";
  values: IrType;
}

/** The value may be `null`. Used for fields, array items and map values alike. */
export interface NullableType {
  kind: "nullable";
  type: IrType;
  /** Imported from a google.protobuf wrapper message (Int32Value, …), which carries the value in a field. */
  wellKnown?: WellKnownType;
}

/** A tagged union of non-null types (e.g. string | int64). Nullability is expressed with `nullable`. */
export interface UnionType {
  kind: "union";
  name: string;
  variants: IrType[];
}

/**
 * Fallback for values no IDL can type (heterogeneous data): each IDL carries it as a JSON string
 * (or bytes); docs/architecture.md ("The schema IR") and the mapping table document this per format.
 */
export interface AnyType {
  kind: "any";
  /** Imported from google.protobuf.Struct or google.protobuf.Value. */
  wellKnown?: WellKnownType;
}

export type IrType =
  | ScalarType
  | EnumType
  | RecordType
  | ArrayType
  | MapType
  | NullableType
  | UnionType
  | AnyType;

/**
 * Something of the user's schema that a format (or the IR) cannot carry as written, reported instead
 * of silently changed. `code` is stable (see README, "Limitations"); `path` names the type or field
 * (`Record.field`), `detail` says what happens instead.
 */
export interface Limitation {
  code: string;
  path: string;
  detail: string;
}

/**
 * The schema text as the user wrote it, kept when the IR was imported from a .proto or .avsc so that
 * the same format measures the user's own schema (protoc's and Avro's reference bytes), not a
 * schema re-emitted from the IR. `rootType` is the full name of the root message or record.
 */
export interface OriginalSchema {
  idl: "proto" | "avsc" | "thrift" | "fbs" | "capnp";
  text: string;
  rootType: string;
}

export interface IrSchema {
  irVersion: 1;
  /** Name of the root message type (e.g. "Root" or the name given in an imported schema). */
  name: string;
  /** Type of each message of the dataset. */
  root: IrType;
  /** Where the IR came from. */
  source: "json" | "ndjson" | "jsonschema" | "proto" | "avsc" | "thrift" | "fbs" | "capnp" | "synthetic";
  /** Set by the .proto and .avsc importers, and by the codecs package's importSchema for .thrift, .fbs, .capnp. */
  original?: OriginalSchema;
  /** What the importer could not carry into the IR as written (e.g. a JSON Schema `pattern`). */
  limitations?: Limitation[];
}

/**
 * The lossless data model codecs receive: JSON values where integers beyond ±2^53 are `bigint`,
 * plus `Uint8Array` for bytes. Strings stay strings (dates are recognised in the IR, kept as text).
 */
export type DataValue = null | boolean | number | bigint | string | Uint8Array | DataValue[] | DataObject;
export interface DataObject {
  [key: string]: DataValue;
}

/** A dataset is a list of messages, each of the IR's root type. A single JSON document is one message. */
export interface Dataset {
  schema: IrSchema;
  messages: DataValue[];
  /**
   * Each message's own JSON text as the sample wrote it, minified (whitespace between tokens
   * removed, every number and string spelled as written), same order as `messages`. The JSON format
   * reports these bytes. Absent for synthetic data, which has no text of its own.
   */
  sources?: string[];
}
