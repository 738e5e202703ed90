import { readFileSync } from "node:fs";
import {
  avroTypeOf,
  isUnsupported,
  libraryVersion,
  loadAdapter,
  protojson,
  protoTypeOf,
  registry,
} from "@wirebench/codecs/runtime-bridge";
import type { RuntimeFormat } from "@wirebench/contracts";
import type { Dataset, DataValue } from "@wirebench/schemas";
import { fromAvroJson, toAvroJson } from "../src/inputs/avro-json.ts";
import { parseLossless } from "../src/inputs/lossless-json.ts";
import type { RuntimeFormatDefinition } from "../src/runtime-definition.ts";

/** The formats the Node implementation of the protocol measures, with Node's own libraries. */
export const nodeFormats: RuntimeFormatDefinition[] = [
  { impl: "protobuf", format: "protobuf", library: "protobufjs", input: "protojson" },
  { impl: "avro", format: "avro", library: "avsc", input: "avrojson" },
  { impl: "msgpack", format: "msgpack", library: "msgpackr", input: "data" },
  { impl: "cbor", format: "cbor", library: "cbor-x", input: "data" },
];

/** A codec built from the request's input file, as any runtime's child builds its own. */
export interface ChildCodec {
  inputs: unknown[];
  encode(input: unknown): Uint8Array;
  decode(bytes: Uint8Array): unknown;
  /** A decoded value in the input's shape (what `verified.decoded` carries). */
  toInput(decoded: unknown): unknown;
}

export function libraryVersions(): Record<string, string> {
  return Object.fromEntries(nodeFormats.map((f) => [f.library, libraryVersion(f.library)]));
}

/** Node's registry variant each schemaless impl reuses: the minimal standard encodings. */
const adapterOf: Record<string, string> = { msgpack: "msgpackr-minimal", cbor: "cbor-minimal" };

export async function buildCodec(f: RuntimeFormat): Promise<ChildCodec> {
  const text = readFileSync(f.inputFile, "utf8");
  if (f.impl === "protobuf") {
    const T = protoTypeOf({ text: readFileSync(need(f).file, "utf8"), rootType: need(f).rootType });
    const json = JSON.parse(text) as unknown[];
    return {
      // fromObject over the ProtoJSON reader's result: message instances (nested ones, Long for
      // int64) built as Node's protobuf adapter builds its inputs, so both time the same objects.
      inputs: json.map((j) => T.fromObject(protojson.fromJson(T, j))),
      encode: (m) => T.encode(m as never).finish(),
      decode: (b) => T.decode(b),
      toInput: (d) => protojson.toJson(T, d as never),
    };
  }
  if (f.impl === "avro") {
    const type = avroTypeOf({ text: readFileSync(need(f).file, "utf8") });
    const json = parseLossless(text) as DataValue[];
    return {
      inputs: json.map((j) => fromAvroJson(type, j)),
      encode: (v) => type.toBuffer(v),
      decode: (b) => type.fromBuffer(Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
      toInput: (d) => toAvroJson(type, d),
    };
  }
  const entry = registry.find((e) => e.id === adapterOf[f.impl]);
  if (!entry) throw new Error(`no Node implementation of ${f.impl}`);
  const messages = parseLossless(text) as DataValue[];
  // Schemaless adapters read only the messages; the IR says so.
  const dataset: Dataset = {
    schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
    messages,
  };
  const prepared = await (await loadAdapter(entry)).prepare(dataset, { workDir: "" });
  if (isUnsupported(prepared)) throw new Error(prepared.unsupported);
  return { inputs: prepared.inputs, encode: prepared.encode, decode: prepared.decode, toInput: (d) => d };
}

function need(f: RuntimeFormat): NonNullable<RuntimeFormat["schema"]> {
  if (!f.schema) throw new Error(`${f.id} needs a schema and the request gave none`);
  return f.schema;
}
