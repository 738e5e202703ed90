import { type DataValue, type IrType, isPlainObject } from "@wirebench/schemas";

/** Marks a value the target format leaves out (proto3/Thrift absence standing for IR null). */
export const ABSENT: unique symbol = Symbol("absent");
export type Absent = typeof ABSENT;

/** The value a format with implicit defaults (proto3, FlatBuffers) means when a field is absent. */
export function defaultOf(t: IrType, enumDefault?: string): DataValue {
  switch (t.kind) {
    case "nullable":
    case "union":
    case "any":
    case "null":
      return null;
    case "bool":
      return false;
    case "string":
      return "";
    case "bytes":
      return new Uint8Array(0);
    case "enum":
      return enumDefault ?? t.symbols[0] ?? "";
    case "array":
      return [];
    case "map":
    case "record":
      return {};
    default:
      return 0;
  }
}

/** int64 values come back as bigint; the data model keeps bigint only beyond ±2^53. */
export function normalizeInt(v: bigint): number | bigint {
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

export function reverse(map: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map ?? {})) out[v] = k;
  return out;
}

/** A type that only holds null. */
export const isNullType = (t: IrType) =>
  t.kind === "null" || (t.kind === "nullable" && t.type.kind === "null");
export const normalizeTimestamp = (ms: number | bigint): DataValue =>
  typeof ms === "bigint" ? normalizeInt(ms) : ms;

/** What an absent implicit-presence field reads as; undefined for kinds that have presence. */
export function zeroOf(t: IrType): DataValue | undefined {
  switch (t.kind) {
    case "record":
    case "timestamp":
    case "union":
    case "nullable":
    case "any":
    case "null":
      return undefined;
    case "enum":
      // proto3's zero value is the symbol numbered 0 (the first, which proto3 requires to be 0).
      return defaultOf(t, t.values ? t.symbols[t.values.indexOf(0)] : undefined);
    default:
      return defaultOf(t);
  }
}

/** An empty array or plain object. */
export function isEmptyContainer(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  return isPlainObject(v) && Object.keys(v).length === 0;
}
