import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type PreparedCodec,
  prepareThrift,
  structFromThriftJson,
  structToThriftJson,
  withOwnSchema,
} from "@wirebench/codecs/runtime-bridge";
import { type Dataset, type DataValue, emitThrift } from "@wirebench/schemas";
import type { SchemaForRuntime } from "../runtime-definition.ts";
import { stringifyLossless } from "./lossless-json.ts";

/**
 * The `thriftjson` input shape (docs/polyglot.md, "Input shapes"): per message, the struct Node's
 * own Thrift adapter encodes (its generated js:node code, its value mapping) written by the `thrift`
 * library's TJSONProtocol, one message per line, for the `.thrift` handed over beside it. Every
 * Thrift library reads TJSONProtocol, so a child builds its generated structs with its own reader;
 * it answers each decoded struct in TJSONProtocol too, which the parent reads back through Node's
 * adapter for the fidelity check.
 */
export interface ThriftJsonInput {
  schema: SchemaForRuntime;
  /** A child's decoded values (TJSONProtocol JSON, parsed, one per message) → the data model. */
  toPlain(decoded: DataValue[]): DataValue[];
}

/** The same choice of schema Node's adapter makes: the user's own .thrift when the IR came from one. */
const ownThrift = { idl: "thrift", emit: emitThrift } as const;

export async function writeThriftJson(dataset: Dataset, dir: string, file: string): Promise<ThriftJsonInput> {
  if (dataset.schema.root.kind !== "record")
    throw new Error("Thrift messages are structs; the root is not a record");
  const { value } = await withOwnSchema(dataset, dir, ownThrift, async (emitted, at) => ({
    emitted,
    at,
    // Binary or compact makes no difference here: only the structs and the value mapping are used.
    codec: await prepareThrift(dataset, emitted, at, "binary"),
  }));
  const { emitted, at, codec } = value;
  const lines = codec.inputs.map((m, i) => {
    try {
      return structToThriftJson(m);
    } catch (err) {
      throw new Error(`message ${i} cannot be written in TJSONProtocol: ${(err as Error).message}`);
    }
  });
  writeFileSync(file, lines.map((l) => `${l}\n`).join(""));
  return {
    // prepareThrift wrote `emitted.fileName` into `at`: the text Node measures with.
    schema: { idl: "thrift", file: join(at, emitted.fileName), rootType: emitted.rootType },
    toPlain: (decoded) => decoded.map((d, i) => readBack(codec, d, i)),
  };
}

function readBack(codec: PreparedCodec, d: DataValue, i: number): DataValue {
  if (d === null || typeof d !== "object" || Array.isArray(d) || d instanceof Uint8Array)
    throw new Error(
      `decoded message ${i} is not a TJSONProtocol struct (got ${JSON.stringify(d)?.slice(0, 40)})`,
    );
  // A struct of the root's generated type (js:node replaces its prototype, so no `constructor`),
  // filled by TJSONProtocol's reader, then through the binary form, as Node's entry reads its values.
  const prototype = Object.getPrototypeOf(codec.inputs[0]) as object;
  try {
    const struct = structFromThriftJson(() => Object.create(prototype), stringifyLossless(d));
    const decoded = codec.decode(codec.encode(struct));
    return (codec.toPlain ? codec.toPlain(decoded) : decoded) as DataValue;
  } catch (err) {
    throw new Error(`decoded message ${i} does not read back: ${(err as Error).message}`);
  }
}
