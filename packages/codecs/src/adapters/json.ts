import { type DataValue, parseJsonLossless } from "@wirebench/schemas";
import { asBuffer, mapLeaves, toBase64 } from "./convert-values.ts";
import type { Adapter, PreparedCodec } from "./types.ts";

/**
 * JSON exactly as applications call it: JSON.stringify / JSON.parse on UTF-8 bytes.
 *
 * When the dataset carries the sample's own text (`sources`, always for a user's sample), that text
 * minified is what JSON puts on the wire: the size is the user's bytes (enum numbers, `1.0`, every
 * digit of a big id and every `\u` escape as written, with or without a schema), decode times
 * JSON.parse of those bytes, and encode times JSON.stringify of what JSON.parse gave the application.
 * The round trip compares JSON.parse's result with the lossless reading of the same text, so the
 * fidelity report shows what JSON.parse loses (int64 ids rounded).
 *
 * Without sources (synthetic data) the input is what an application would hold: int64 values as JS
 * numbers (already rounded) and bytes as base64.
 */
export const jsonAdapter: Adapter = {
  prepare(dataset) {
    const encode = (input: unknown) => Buffer.from(JSON.stringify(input), "utf8");
    const decode = (bytes: Uint8Array) => JSON.parse(asBuffer(bytes).toString("utf8"));
    if (!dataset.sources) {
      return {
        inputs: dataset.messages.map((m) => mapLeaves(m, toJsonLeaf)),
        encode,
        decode,
        notes: [
          "int64 beyond 2^53 is written from the JS number an app would hold; bytes are base64 strings",
        ],
      };
    }
    const wire = dataset.sources.map((s) => Buffer.from(s, "utf8"));
    const inputs = dataset.sources.map((s) => JSON.parse(s) as unknown);
    const codec: PreparedCodec = {
      inputs,
      encode,
      decode,
      wire,
      expected: dataset.sources.map((s) => parseJsonLossless(s)),
      notes: ["bytes are your sample's own text, minified: every value spelled as you wrote it"],
    };
    const own = wire.reduce((n, b) => n + b.byteLength, 0);
    const restringified = inputs.reduce<number>((n, v) => n + encode(v).byteLength, 0);
    if (restringified !== own) {
      codec.notes?.push(
        `JSON.stringify of what JSON.parse returns writes ${restringified} B instead of ${own} B (it respells numbers and escapes)`,
      );
    }
    return codec;
  },
};

function toJsonLeaf(v: DataValue): unknown {
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Uint8Array) return toBase64(v);
  return v;
}
