import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type PreparedCodec,
  prepareCapnp,
  prepareFlatbuffers,
  withOwnSchema,
} from "@wirebench/codecs/runtime-bridge";
import { type Dataset, type DataValue, type EmittedSchema, emitCapnp, emitFbs } from "@wirebench/schemas";
import type { SchemaForRuntime } from "../runtime-definition.ts";

/**
 * The `flatbuffers` and `capnp` input shapes (docs/polyglot.md, "Input shapes"): per message, the
 * binary Node's own adapter encodes (FlatBuffers: flatc's object API `pack`; Cap'n Proto: capnp-es,
 * unpacked), so a child starts from the very bytes Node measures and reads them with its own
 * generated code. File form: one line per message, in order, each the message's bytes in standard
 * base64 (RFC 4648, padded), lines ended by "\n". A child answers each decoded message in the same
 * form: its decoded native value encoded again, as base64; the parent reads that back through Node's
 * adapter for the fidelity check.
 */
export type IdlBinaryShape = "flatbuffers" | "capnp";

export interface IdlBinaryInput {
  schema: SchemaForRuntime;
  /** A child's decoded values (base64 strings, one per message) → the data model. */
  toPlain(decoded: DataValue[]): DataValue[];
}

/** The same choice of schema Node's adapter makes: the user's own .fbs/.capnp when the IR came from one. */
const own = {
  flatbuffers: { idl: "fbs", emit: emitFbs },
  capnp: { idl: "capnp", emit: emitCapnp },
} as const;

export async function writeIdlBinary(
  dataset: Dataset,
  shape: IdlBinaryShape,
  dir: string,
  file: string,
): Promise<IdlBinaryInput> {
  const prepare = (emitted: EmittedSchema, at: string) =>
    shape === "flatbuffers"
      ? prepareFlatbuffers(dataset, emitted, at)
      : prepareCapnp(dataset, emitted, at, false);
  const { value } = await withOwnSchema(dataset, dir, own[shape], async (emitted, at) => ({
    emitted,
    at,
    codec: await prepare(emitted, at),
  }));
  const { emitted, at, codec } = value;
  const lines = codec.inputs.map((m, i) => {
    try {
      return Buffer.from(codec.encode(m)).toString("base64");
    } catch (err) {
      throw new Error(`message ${i} cannot be encoded as ${shape}: ${(err as Error).message}`);
    }
  });
  writeFileSync(file, lines.map((l) => `${l}\n`).join(""));
  return {
    // The adapter's code generation wrote `emitted.fileName` into `at`: the text Node measures with.
    schema: { idl: own[shape].idl, file: join(at, emitted.fileName), rootType: emitted.rootType },
    toPlain: (decoded) => decoded.map((d, i) => readBack(codec, d, i, shape)),
  };
}

function readBack(codec: PreparedCodec, d: DataValue, i: number, shape: IdlBinaryShape): DataValue {
  if (typeof d !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(d))
    throw new Error(
      `decoded message ${i} is not base64 text of a ${shape} message (got ${JSON.stringify(d)?.slice(0, 40)})`,
    );
  try {
    const decoded = codec.decode(new Uint8Array(Buffer.from(d, "base64")));
    return (codec.toPlain ? codec.toPlain(decoded) : decoded) as DataValue;
  } catch (err) {
    throw new Error(`decoded message ${i} does not read back: ${(err as Error).message}`);
  }
}
