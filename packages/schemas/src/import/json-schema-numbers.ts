import type { IrType } from "../ir.ts";

/** `format` values that name an integer or float width. */
export const formats: Record<string, IrType> = {
  int8: { kind: "int32" },
  int16: { kind: "int32" },
  int32: { kind: "int32" },
  int64: { kind: "int64" },
  uint8: { kind: "uint32" },
  uint16: { kind: "uint32" },
  uint32: { kind: "uint32" },
  uint64: { kind: "uint64" },
  float: { kind: "float32" },
  double: { kind: "float64" },
};

const INT32: [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];

/**
 * The narrowest IR integer for a range both ends of which the schema bounds (minimum/maximum or the
 * exclusive forms, or the values of an integer enum): unsigned when it cannot be negative (0..255 is
 * uint32), int32 when it fits, else 64 bits. Without both bounds an integer is int64.
 */
export function integerOfRange(lo: bigint | undefined, hi: bigint | undefined): IrType {
  if (lo === undefined || hi === undefined) return { kind: "int64" };
  if (lo >= 0n) return { kind: hi < 2n ** 32n ? "uint32" : "uint64" };
  return { kind: lo >= INT32[0] && hi <= INT32[1] ? "int32" : "int64" };
}

/** A bound as an integer: inclusive as written, exclusive moved inward (JSON Schema's two forms). */
export function bound(s: Record<string, unknown>, key: "minimum" | "maximum"): bigint | undefined {
  const exclusive = key === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum";
  const step = key === "minimum" ? 1 : -1;
  const inclusive = typeof s[key] === "number" ? (s[key] as number) : undefined;
  // draft-04's boolean exclusiveMinimum qualifies `minimum`; draft-06+ gives the bound itself.
  const ex =
    typeof s[exclusive] === "number"
      ? (s[exclusive] as number)
      : s[exclusive] === true
        ? inclusive
        : undefined;
  const round = (n: number) => BigInt(key === "minimum" ? Math.ceil(n) : Math.floor(n));
  if (ex !== undefined && Number.isFinite(ex)) return round(ex) + BigInt(Number.isInteger(ex) ? step : 0);
  return inclusive !== undefined && Number.isFinite(inclusive) ? round(inclusive) : undefined;
}
