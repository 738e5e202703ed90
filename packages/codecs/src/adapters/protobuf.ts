import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Dataset, type EmittedSchema, emitProto, type IrSchema } from "@wirebench/schemas";
import protobuf from "protobufjs";
import protojson from "protobufjs/ext/protojson.js";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { asBuffer } from "./convert-values.ts";
import { protoAsWritten, wellKnownHooks } from "./proto-as-written.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec } from "./types.ts";

/**
 * The root message type of an emitted `.proto`, as the adapter (and the benches' direct calls) use it.
 * keepCase: message properties are the .proto field names; the JSON variant derives each key from
 * the field's jsonName (protoc's rule, `f_1st` → `f1st`), which a camelCased property cannot give.
 */
export function protoTypeOf(emitted: { text: string; rootType: string }): protobuf.Type {
  const root = new protobuf.Root();
  const parsed = protobuf.parse(emitted.text, root, { keepCase: true });
  for (const imp of parsed.imports ?? []) {
    const common = protobuf.common.get(imp);
    if (common?.nested) root.addJSON(common.nested);
  }
  root.resolveAll();
  return root.lookupType(emitted.rootType);
}

/**
 * Protocol Buffers with protobufjs reflection over the `.proto` the schemas package emits. The
 * dataset becomes message instances once (fromObject); encode/decode time `encode().finish()` and
 * `decode()` as applications call them. Absent proto3 fields read back as their defaults.
 */
export function prepareProtobuf(
  dataset: Dataset,
  emitted: EmittedSchema,
  workDir: string,
  json: boolean,
): PreparedCodec {
  writeFileSync(join(workDir, emitted.fileName), emitted.text);
  const T = protoTypeOf(emitted);
  const mapper = new IdlValueMapper(emitted, {
    // fromObject reads 64-bit integers given as strings through Long, exactly.
    toLeaf: (v) => (typeof v === "bigint" ? v.toString() : v),
    // Only the user's own .proto holds well-known messages; an emitted one holds plain scalars.
    ...(emitted.ir.source === "proto" && emitted.ir.original ? wellKnownHooks : {}),
  });
  const orig = dataset.schema.root;
  const idl = emitted.ir.root;
  const inputs = dataset.messages.map((m, i) => {
    try {
      return T.fromObject(mapper.toIdl(orig, idl, m) as Record<string, unknown>);
    } catch (err) {
      throw new Error(`message ${i} does not fit the .proto: ${(err as Error).message}`);
    }
  });
  const plainOpts: protobuf.IConversionOptions = {
    longs: BigInt,
    enums: String,
    arrays: true,
    objects: true,
  };
  const toPlain = (m: unknown) => mapper.fromIdl(orig, idl, T.toObject(m as protobuf.Message, plainOpts));
  const artifacts = [{ name: emitted.fileName, kind: "schema" as const, text: emitted.text }];
  const notes = [...emitted.notes, "decode times Type.decode (message instances); no toObject"];
  if (!json) {
    return {
      inputs,
      encode: (m) => T.encode(m as protobuf.Message).finish(),
      decode: (b) => T.decode(b),
      toPlain,
      artifacts,
      ...schemaReport(emitted),
      notes,
    };
  }
  // Canonical ProtoJSON: jsonName keys, int64 as strings, bytes base64, enum names, defaults omitted.
  return {
    inputs,
    encode: (m) => Buffer.from(protojson.toJsonString(T, m as protobuf.Message), "utf8"),
    decode: (b) => protojson.fromJsonString(T, asBuffer(b).toString("utf8")),
    toPlain,
    artifacts,
    ...schemaReport(emitted),
    notes: [
      ...emitted.notes,
      "canonical ProtoJSON mapping via protobufjs/ext/protojson (toJsonString/fromJsonString)",
    ],
  };
}

/**
 * The `.proto` a dataset is measured with. A schema imported from a .proto is measured as written:
 * protoc's bytes, not a re-emitted schema's. Other runtimes get this very text (docs/polyglot.md).
 */
export function protobufSchemaOf(schema: IrSchema): EmittedSchema {
  return protoAsWritten(schema) ?? emitProto(schema);
}

function protobufAdapter(json: boolean): Adapter {
  return {
    prepare(dataset, ctx): PreparedCodec {
      return prepareProtobuf(dataset, protobufSchemaOf(dataset.schema), ctx.workDir, json);
    },
  };
}

export const protobufBinaryAdapter = protobufAdapter(false);
export const protobufJsonAdapter = protobufAdapter(true);
