import { type DataObject, type DataValue, maxSupportedDepth, parseJsonLossless } from "@wirebench/schemas";

/**
 * The protocol's lossless JSON (docs/polyglot.md, "Lossless JSON"): integers of any size as JSON
 * integer literals, bytes as `{"$bytes": "<base64>"}`. JSON.stringify can write neither a bigint nor
 * a Uint8Array, so this writer walks the data model itself; strings and numbers still go through
 * JSON.stringify, so their escapes and spellings are the standard ones. `bytes: "base64"` writes
 * bytes as plain base64 strings instead (the data model as an application writes it as JSON).
 */
export function stringifyLossless(value: unknown, opts: { bytes?: "tagged" | "base64" } = {}): string {
  const out: string[] = [];
  write(value, out, "", opts.bytes === "base64");
  return out.join("");
}

/** `plainBytes`: bytes as a base64 string, as an application holds them for JSON (no `$bytes` tag). */
function write(v: unknown, out: string[], path: string, plainBytes: boolean): void {
  if (v === null || v === undefined) out.push("null");
  else if (typeof v === "bigint") out.push(v.toString());
  else if (typeof v === "number") {
    // JSON has no NaN or Infinity: a value that cannot be written is a clear error, not `null`.
    if (!Number.isFinite(v)) throw new Error(`${path || "/"}: ${v} has no JSON spelling`);
    out.push(JSON.stringify(v));
  } else if (typeof v === "string" || typeof v === "boolean") out.push(JSON.stringify(v));
  else if (v instanceof Uint8Array) {
    const b64 = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
    out.push(plainBytes ? `"${b64}"` : `{"$bytes":"${b64}"}`);
  } else if (Array.isArray(v)) {
    out.push("[");
    v.forEach((x, i) => {
      if (i > 0) out.push(",");
      write(x, out, `${path}/${i}`, plainBytes);
    });
    out.push("]");
  } else if (typeof v === "object") {
    out.push("{");
    let first = true;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined) continue;
      if (!first) out.push(",");
      first = false;
      out.push(JSON.stringify(k), ":");
      write(x, out, `${path}/${k}`, plainBytes);
    }
    out.push("}");
  } else throw new Error(`${path || "/"}: a ${typeof v} has no JSON spelling`);
}

/**
 * Reads lossless JSON a child wrote: integers beyond ±2^53 as bigint (the schemas package's own
 * reader, so a child's values compare with the dataset's exactly as Node's do), `{"$bytes"}` as
 * Uint8Array. The dataset already passed the input limits; what a child echoes is bounded by it.
 */
export function parseLossless(text: string): DataValue {
  return revive(
    parseJsonLossless(text, {
      maxDepth: maxSupportedDepth,
      maxKeys: Number.POSITIVE_INFINITY,
      maxInputChars: Number.POSITIVE_INFINITY,
      maxTotalKeys: Number.POSITIVE_INFINITY,
      maxTotalObjects: Number.POSITIVE_INFINITY,
    }),
  );
}

/** `{"$bytes": b64}` → Uint8Array, everywhere in a parsed value (in place). */
export function revive(v: DataValue): DataValue {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = revive(v[i] as DataValue);
    return v;
  }
  if (v === null || typeof v !== "object" || v instanceof Uint8Array) return v;
  const keys = Object.keys(v);
  const b64 = (v as DataObject).$bytes;
  if (keys.length === 1 && typeof b64 === "string") return new Uint8Array(Buffer.from(b64, "base64"));
  for (const k of keys) (v as DataObject)[k] = revive((v as DataObject)[k] as DataValue);
  return v;
}
