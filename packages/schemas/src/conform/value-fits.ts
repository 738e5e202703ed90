import { isPlainObject } from "../data/plain-object.ts";
import type { DataValue, IrType } from "../ir.ts";

/** ISO-8601 date-time, as the canonical Protobuf JSON mapping writes google.protobuf.Timestamp. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}([.,]\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * Epoch milliseconds of ISO-8601 date-time text, or NaN for anything else: Date.parse alone would
 * also take "Wed Aug 27 13:08:45 +0000 2014", which no IDL means.
 */
export const isoMillis = (v: string): number => (ISO_DATE_TIME.test(v) ? Date.parse(v) : Number.NaN);

/** Which IR variant of a union a runtime value belongs to (first that fits, in declaration order). */
export function unionVariantIndex(variants: IrType[], v: DataValue): number {
  const i = variants.findIndex((t) => fits(t, v));
  if (i < 0) throw new Error(`value ${typeof v} fits no variant of the union`);
  return i;
}

/** Whether a value has the shape of an IR type (its kind only: a record's fields are not looked at). */
export function fits(t: IrType, v: DataValue): boolean {
  switch (t.kind) {
    case "nullable":
      return v === null || fits(t.type, v);
    case "null":
      return v === null;
    case "bool":
      return typeof v === "boolean";
    case "int32":
    case "int64":
    case "uint32":
    case "uint64":
      return typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
    case "float32":
    case "float64":
      return typeof v === "number";
    case "string":
    case "enum":
      return typeof v === "string";
    case "timestamp":
      // ISO-8601 text or epoch milliseconds, the two shapes samples and the synthesizer use.
      return typeof v === "string" || typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
    case "bytes":
      return v instanceof Uint8Array;
    case "record":
    case "map":
      return isPlainObject(v);
    case "array":
      return Array.isArray(v);
    case "union":
      return t.variants.some((x) => fits(x, v));
    case "any":
      return true;
  }
}
