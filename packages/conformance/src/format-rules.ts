import type { CorpusKind } from "./corpus.ts";

/**
 * What "match" means for a format:
 * - `bytes`: the encoding is canonical for the data (and the schema), so Wirebench's bytes must be
 *   identical to the reference's.
 * - `size`: the format leaves an order open (map entries, object placement), so the byte count must be
 *   identical and the reference must decode Wirebench's bytes to the value it decodes from its own.
 * - `value`: the library is allowed to choose longer encodings (msgpackr and cbor-x write map headers
 *   sized before the key count is known), so only the value must agree; the size difference is shown.
 */
export type MatchRule = "bytes" | "size" | "value";

export type ReferenceFormat =
  | "json"
  | "msgpack"
  | "cbor"
  | "bson"
  | "protobuf"
  | "protobuf-json"
  | "avro"
  | "thrift-binary"
  | "thrift-compact"
  | "flatbuffers"
  | "capnp"
  | "capnp-packed";

export interface FormatRule {
  /** Wirebench registry id. */
  id: string;
  reference: ReferenceFormat;
  /** The reference implementation, as the table names it. */
  referenceName: string;
  rule: MatchRule;
  why: string;
}

const rules: FormatRule[] = [
  {
    id: "json",
    reference: "json",
    referenceName: "Python json",
    rule: "bytes",
    why: "minified JSON of the same values has one spelling, except number formatting",
  },
  {
    id: "msgpack-js",
    reference: "msgpack",
    referenceName: "Python msgpack",
    rule: "size",
    why: "@msgpack/msgpack with useBigInt64 writes integers beyond 32 bits as float64 (9 bytes, as int64)",
  },
  {
    id: "msgpackr",
    reference: "msgpack",
    referenceName: "Python msgpack",
    rule: "value",
    why: "msgpackr writes map16 headers and integers beyond 32 bits as float64",
  },
  {
    id: "cbor",
    reference: "cbor",
    referenceName: "Python cbor2",
    rule: "value",
    why: "cbor-x writes map headers with a 16-bit count and integers beyond 32 bits as float64",
  },
  {
    id: "bson",
    reference: "bson",
    referenceName: "pymongo bson",
    rule: "size",
    why: "js-bson writes integers beyond 32 bits as double, pymongo as int64: same size, other type byte",
  },
  {
    id: "protobuf",
    reference: "protobuf",
    referenceName: "protoc + Python protobuf",
    rule: "bytes",
    why: "fields in field-number order, varints minimal; map entry order is open (size rule then)",
  },
  {
    id: "protobuf-json",
    reference: "protobuf-json",
    referenceName: "Python protobuf json_format",
    rule: "value",
    why: "ProtoJSON allows either field order and several number spellings",
  },
  {
    id: "avro",
    reference: "avro",
    referenceName: "Apache avro (Python)",
    rule: "bytes",
    why: "fields in schema order, zig-zag varints: one encoding per datum",
  },
  {
    id: "thrift-binary",
    reference: "thrift-binary",
    referenceName: "Apache thrift (Python)",
    rule: "bytes",
    why: "fields in declaration order with fixed-width values",
  },
  {
    id: "thrift-compact",
    reference: "thrift-compact",
    referenceName: "Apache thrift (Python)",
    rule: "bytes",
    why: "fields in declaration order, delta ids and varints",
  },
  {
    id: "flatbuffers",
    reference: "flatbuffers",
    referenceName: "flatc -b",
    rule: "size",
    why: "the builder chooses where tables, vectors and strings go",
  },
  {
    id: "capnp",
    reference: "capnp",
    referenceName: "capnp convert json:binary",
    rule: "size",
    why: "the builder chooses where objects go; sizes are fixed by the schema",
  },
  {
    id: "capnp-packed",
    reference: "capnp-packed",
    referenceName: "capnp convert json:packed",
    rule: "size",
    why: "packing follows the unpacked layout, which the builder chooses",
  },
];

export const formatRules: readonly FormatRule[] = rules;

/** Formats whose bytes need no schema: checked on every document, read without its schema. */
export const schemalessFormats = ["json", "msgpack-js", "msgpackr", "cbor", "bson"];

/** Formats checked with the document's own schema (or, for JSON Schema, the schema Wirebench emits). */
export const schemaFormats: Record<Exclude<CorpusKind, "none">, string[]> = {
  proto: ["protobuf", "protobuf-json"],
  avsc: ["avro"],
  // A JSON Schema has no binary encoding of its own: the references read the schemas Wirebench emits,
  // decode Wirebench's bytes with them and encode again (the document's names are not the schema's).
  jsonschema: ["protobuf", "avro"],
  thrift: ["thrift-binary", "thrift-compact"],
  fbs: ["flatbuffers"],
  capnp: ["capnp", "capnp-packed"],
};

export function ruleOf(id: string): FormatRule {
  const r = rules.find((x) => x.id === id);
  if (!r) throw new Error(`no conformance rule for format ${id}`);
  return r;
}
