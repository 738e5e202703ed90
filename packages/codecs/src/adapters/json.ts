import type { DataValue } from "@wirebench/schemas";
import { asBuffer, mapLeaves, toBase64 } from "./convert-values.ts";
import type { Adapter } from "./types.ts";

/**
 * JSON exactly as applications call it: JSON.stringify / JSON.parse on UTF-8 bytes. The input is
 * what such an application holds: int64 values as JS numbers (already rounded) and bytes as base64,
 * so the fidelity report shows what JSON.parse loses instead of hiding it.
 */
export const jsonAdapter: Adapter = {
  prepare(dataset) {
    return {
      inputs: dataset.messages.map((m) => mapLeaves(m, toJsonLeaf)),
      encode: (input) => Buffer.from(JSON.stringify(input), "utf8"),
      decode: (bytes) => JSON.parse(asBuffer(bytes).toString("utf8")),
      notes: ["int64 beyond 2^53 is written from the JS number an app would hold; bytes are base64 strings"],
    };
  },
};

function toJsonLeaf(v: DataValue): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Uint8Array) return toBase64(v);
  return v;
}
