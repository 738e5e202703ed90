import { type DataValue, parseJsonLossless } from "@wirebench/schemas";
import { isPlainObject, toBase64 } from "../adapters/convert-values.ts";

/**
 * The IR's `any` (heterogeneous values no IDL can type) travels as JSON text in schema formats.
 * Written losslessly (int64 as digits) and read back with the schemas package's lossless parser.
 */
export function anyToJson(v: DataValue): string {
  if (v === null || typeof v === "boolean" || typeof v === "number" || typeof v === "string")
    return JSON.stringify(v);
  if (typeof v === "bigint") return v.toString();
  if (v instanceof Uint8Array) return JSON.stringify(toBase64(v));
  if (Array.isArray(v)) return `[${v.map(anyToJson).join(",")}]`;
  if (isPlainObject(v)) {
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${anyToJson(v[k] as DataValue)}`)
      .join(",")}}`;
  }
  return "null";
}

export function anyFromJson(text: string): DataValue {
  return parseJsonLossless(text);
}
