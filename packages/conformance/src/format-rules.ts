import { registry } from "@wirebench/codecs/registry";
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
    referenceName: "Python json + minify",
    rule: "bytes",
    why: "Wirebench's JSON is the sample's own text minified; so is the reference's",
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
    rule: "value",
    why: "each builder orders fields and objects its own way, so alignment padding differs",
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

/** Formats whose reference reads the document itself with the document's own schema. */
export const ownSchemaFormats: Record<Exclude<CorpusKind, "none">, string[]> = {
  proto: ["protobuf", "protobuf-json"],
  avsc: ["avro"],
  jsonschema: [],
  thrift: ["thrift-binary", "thrift-compact"],
  fbs: ["flatbuffers"],
  capnp: ["capnp", "capnp-packed"],
};

/**
 * Wirebench's schema formats. Those that are not the document's own are checked through the schema
 * Wirebench emitted: the reference decodes Wirebench's bytes with it and encodes the value again (the
 * document's names and shapes are not the emitted schema's, so it cannot read the document itself).
 */
export const emittedSchemaFormats: string[] = registry
  // ProtoJSON has no reference that could read Wirebench's emitted names back; a format added to the
  // registry without a rule here is not checked until it gets one.
  .filter((e) => e.schema && e.id !== "protobuf-json" && rules.some((r) => r.id === e.id))
  .map((e) => e.id);

export function ruleOf(id: string): FormatRule {
  const r = rules.find((x) => x.id === id);
  if (!r) throw new Error(`no conformance rule for format ${id}`);
  return r;
}
