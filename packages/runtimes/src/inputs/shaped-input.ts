import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  avroSchemaOf,
  avroTypeOf,
  type PreparedCodec,
  prepareAvro,
  prepareProtobuf,
  protobufSchemaOf,
  protojson,
  protoTypeOf,
} from "@wirebench/codecs/runtime-bridge";
import type { Dataset, DataValue, EmittedSchema, Limitation } from "@wirebench/schemas";
import type { InputShape, SchemaForRuntime } from "../runtime-definition.ts";
import { fromAvroJson, toAvroJson } from "./avro-json.ts";
import { writeColferInput } from "./colfer-input.ts";
import { writeIdlBinary } from "./idl-binary.ts";
import { stringifyLossless } from "./lossless-json.ts";
import { writeThriftJson } from "./thrift-json.ts";

/** One input shape of a dataset, ready to hand to children: its file, its schema, its way back. */
export interface ShapedInput {
  shape: InputShape;
  /**
   * The file every child of this shape reads (absolute path): a JSON array, base64 lines
   * (idl-binary.ts) or TJSONProtocol lines (thrift-json.ts).
   */
  file: string;
  /** The emitted schema the shape follows (absent for `data`): the very file Node measures with. */
  schema?: SchemaForRuntime;
  /** A child's decoded values (lossless JSON, parsed) → the data model, for the fidelity check. */
  toPlain(decoded: DataValue[]): DataValue[];
  /**
   * What the schema emitted for this shape changes, where no Node entry of the family reports it
   * (Colfer): the entry's `limitations` and `notes`.
   */
  limitations?: Limitation[];
  notes?: string[];
}

/** The shapes whose file is not one JSON array: one line per message. */
const extensions: Partial<Record<InputShape, string>> = {
  flatbuffers: "b64",
  capnp: "b64",
  thriftjson: "jsonl",
};

/**
 * Writes the dataset in one shape (docs/polyglot.md, "Input shapes") under `dir`, with the emitted
 * schema beside it. The conversions are Node's own adapters' (prepareProtobuf, prepareAvro: the same
 * IdlValueMapper, the same schema as written), so every runtime starts from the values Node encodes.
 */
export async function shapeInput(
  dataset: Dataset,
  shape: InputShape,
  dir: string,
  file = join(dir, `input.${shape}.${extensions[shape] ?? "json"}`),
): Promise<ShapedInput> {
  mkdirSync(dir, { recursive: true });
  if (shape === "thriftjson") return { shape, file, ...(await writeThriftJson(dataset, dir, file)) };
  if (shape === "flatbuffers" || shape === "capnp")
    return { shape, file, ...(await writeIdlBinary(dataset, shape, dir, file)) };
  if (shape === "colfer") return { shape, file, ...writeColferInput(dataset, dir, file) };
  if (shape === "data") {
    writeFileSync(file, stringifyLossless(dataset.messages));
    return { shape, file, toPlain: (decoded) => decoded };
  }
  if (shape === "protojson") {
    const emitted = protobufSchemaOf(dataset.schema);
    const codec = prepareProtobuf(dataset, emitted, dir, false);
    const T = protoTypeOf(emitted);
    // Exactly what Node's protobuf-json variant writes: protobufjs's canonical mapping, per message.
    const texts = codec.inputs.map((m, i) => jsonOrSay(() => protojson.toJsonString(T, m as never), i));
    writeFileSync(file, `[${texts.join(",")}]`);
    return {
      shape,
      file,
      // Fully qualified (`wirebench.Root`): children look the root up by its full name, and an
      // inferred schema's emitted root is named without its package.
      schema: schemaFile(emitted, dir, "proto", T.fullName.replace(/^\./, "")),
      // Through the binary form, as Node's protobuf entry reads its values: a proto3 field a child
      // spelled out at its default ("email": "") is the same message as one it left out.
      toPlain: (decoded) =>
        decoded.map((d, i) =>
          readBack(i, () => {
            const m = protojson.fromJsonString(T, stringifyLossless(d));
            return plain(codec, codec.decode(codec.encode(m)));
          }),
        ),
    };
  }
  const emitted = avroSchemaOf(dataset.schema);
  const codec = prepareAvro(dataset, emitted, dir);
  const type = avroTypeOf(emitted);
  writeFileSync(file, stringifyLossless(codec.inputs.map((v) => toAvroJson(type, v))));
  return {
    shape,
    file,
    schema: schemaFile(emitted, dir, "avsc"),
    // Through avsc's binary form, so the value is exactly what avsc's own decode gives Node's toPlain.
    toPlain: (decoded) =>
      decoded.map((d, i) =>
        readBack(i, () => plain(codec, type.fromBuffer(type.toBuffer(fromAvroJson(type, d))))),
      ),
  };
}

/** One shape's input at `file`, its schema (when it has one) written beside it. */
export function writeInputs(dataset: Dataset, shape: InputShape, file: string): Promise<ShapedInput> {
  return shapeInput(dataset, shape, dirname(file), file);
}

function jsonOrSay(write: () => string, i: number): string {
  try {
    return write();
  } catch (err) {
    throw new Error(`message ${i} cannot be written as ProtoJSON: ${(err as Error).message}`);
  }
}

const plain = (codec: PreparedCodec, decoded: unknown) =>
  (codec.toPlain ? codec.toPlain(decoded) : decoded) as DataValue;

function readBack(i: number, read: () => DataValue): DataValue {
  try {
    return read();
  } catch (err) {
    throw new Error(`decoded message ${i} does not read back: ${(err as Error).message}`);
  }
}

function schemaFile(
  emitted: EmittedSchema,
  dir: string,
  idl: "proto" | "avsc",
  rootType = emitted.rootType,
): SchemaForRuntime {
  // prepareProtobuf/prepareAvro wrote `emitted.fileName` into `dir`: the text Node measures with.
  return { idl, file: join(dir, emitted.fileName), rootType };
}
