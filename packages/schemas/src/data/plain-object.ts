/**
 * The data model's objects are plain JSON objects (the lossless parser makes them with Object or null
 * prototypes); anything else (a Uint8Array, a Map) is a leaf.
 */
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
