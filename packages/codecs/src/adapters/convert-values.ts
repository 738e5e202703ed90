import { type DataObject, type DataValue, defineKey, isPlainObject } from "@wirebench/schemas";

// The plain-object checks live with the data model in @wirebench/schemas; adapters import them from here.
export { defineKey, isPlainObject };

/**
 * Generic walkers that turn the lossless data model into a library's input once, outside timing,
 * and back into the data model after decoding. Only the leaves a format cannot carry are touched.
 */
export function mapLeaves(value: DataValue, leaf: (v: DataValue) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, leaf));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      defineKey(out, key, mapLeaves((value as DataObject)[key] as DataValue, leaf));
    return out;
  }
  return leaf(value);
}

/** Walks any decoded tree (arrays, plain objects) calling `leaf` on everything else. */
export function mapDecoded(value: unknown, leaf: (v: unknown) => DataValue): DataValue {
  if (Array.isArray(value)) return value.map((v) => mapDecoded(v, leaf));
  if (isPlainObject(value)) {
    const out: DataObject = {};
    for (const key of Object.keys(value)) defineKey(out, key, mapDecoded(value[key], leaf));
    return out;
  }
  return leaf(value);
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** A zero-copy Buffer view, so `toString` needs no copy of the bytes. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
