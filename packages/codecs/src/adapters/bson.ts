import type { DataValue } from "@wirebench/schemas";
import { Binary, BSON, Long } from "bson";
import { isPlainObject, mapDecoded, mapLeaves } from "./convert-values.ts";
import type { Adapter } from "./types.ts";

/**
 * BSON documents with the official `bson` package. int64 values travel as BSON Long (read back as
 * bigint), bytes as Binary subtype 0. BSON can only serialise documents, so a dataset whose messages
 * are not objects is unsupported rather than silently wrapped.
 */
export const bsonAdapter: Adapter = {
  prepare(dataset) {
    const bad = dataset.messages.findIndex((m) => !isPlainObject(m));
    if (bad >= 0)
      return { unsupported: `BSON encodes documents (objects) only; message ${bad} is not an object` };
    return {
      inputs: dataset.messages.map((m) => mapLeaves(m, toBsonLeaf)),
      encode: (input) => BSON.serialize(input as BSON.Document),
      decode: (bytes) => BSON.deserialize(bytes, { useBigInt64: true, promoteBuffers: false }),
      toPlain: (decoded) => mapDecoded(decoded, fromBsonLeaf),
    };
  },
};

function toBsonLeaf(v: DataValue): unknown {
  if (typeof v === "bigint") return Long.fromBigInt(v);
  if (v instanceof Uint8Array) return new Binary(v);
  return v;
}

function fromBsonLeaf(v: unknown): DataValue {
  if (v instanceof Binary) return new Uint8Array(v.buffer.subarray(0, v.position));
  return v as DataValue;
}
