import type { DataObject, DataValue } from "@wirebench/schemas";

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

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v) || ArrayBuffer.isView(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** `out[key] = v` would call the `__proto__` setter for a key named "__proto__": define it as data. */
export function defineKey(out: Record<string, unknown>, key: string, v: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
  else out[key] = v;
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** A zero-copy Buffer view, so `toString` needs no copy of the bytes. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
