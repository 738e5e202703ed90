import type { DataObject, DataValue, IrSchema, IrType } from "../ir.ts";
import { setOwn } from "../naming/set-own.ts";
import { seededRandom } from "./seeded-random.ts";

export interface SynthesizeOptions {
  /** Same seed, same data (default 1). */
  seed?: number;
  /** Messages to make (default 100). */
  count?: number;
  /** Inclusive length range of strings (default [3, 24]). */
  stringLength?: [number, number];
  /** Inclusive length range of arrays and maps (default [0, 5]). */
  arrayLength?: [number, number];
  /** Share of optional fields left out and of nullable values set to null (default 0.1). */
  absentShare?: number;
  /**
   * Most values (scalars and containers) made across all messages (default 2,000,000): a budget for
   * the whole call, so a schema whose shared types expand hugely fails with a message naming the
   * limit instead of exhausting memory. `synthesisCost` says beforehand whether a call fits.
   */
  maxValues?: number;
}

/** Messages made when a run gives no count. */
export const defaultSyntheticCount = 100;
/** Default of SynthesizeOptions.maxValues. */
export const defaultMaxSyntheticValues = 2_000_000;
/**
 * Arrays and maps nested deeper than this are made empty, nullable values null and optional fields
 * absent, so depth alone cannot multiply the work and a recursive type (a record that contains
 * itself through a nullable, optional or list field) ends.
 */
const maxFilledDepth = 8;

/** A synthesis that would make more values than its budget allows; the message names the limit. */
export class SynthesisBudgetError extends Error {
  override name = "SynthesisBudgetError";
}

/**
 * The most values `synthesize` can make for `count` messages with these options: every optional
 * field present, every array and map at its longest. Linear in the schema: each type is costed once
 * per nesting depth up to where arrays stop being filled (shared types are not expanded).
 */
export function synthesisCost(schema: IrSchema, opts: SynthesizeOptions = {}): number {
  const aMax = (opts.arrayLength ?? [0, 5])[1];
  const cap = Number.MAX_SAFE_INTEGER;
  const memo = new Map<IrType, number[]>();
  // Records being counted past the filled depth: meeting one again means a required field leads
  // back to it, a value that never ends.
  const endless = new Set<IrType>();
  const cost = (t: IrType, depth: number): number => {
    const d = Math.min(depth, maxFilledDepth + 1);
    const row = memo.get(t) ?? [];
    const known = row[d];
    if (known !== undefined) return known;
    if (d > maxFilledDepth && (t.kind === "nullable" || (t.kind === "record" && endless.has(t))))
      return t.kind === "nullable" ? 1 : cap;
    let n = 1;
    switch (t.kind) {
      case "array":
        if (d <= maxFilledDepth) n = Math.min(cap, 1 + aMax * cost(t.items, d + 1));
        break;
      case "map":
        if (d <= maxFilledDepth) n = Math.min(cap, 1 + aMax * cost(t.values, d + 1));
        break;
      case "nullable":
        n = cost(t.type, d);
        break;
      case "union": {
        const ending = d > maxFilledDepth ? t.variants.filter((v) => v.kind !== "record") : [];
        let widest = 0;
        for (const v of ending.length > 0 ? ending : t.variants) widest = Math.max(widest, cost(v, d));
        n = Math.min(cap, 1 + widest);
        break;
      }
      case "record":
        if (d > maxFilledDepth) endless.add(t);
        for (const f of t.fields)
          if (!(f.optional && d > maxFilledDepth)) n = Math.min(cap, n + cost(f.type, d + 1));
        endless.delete(t);
        break;
    }
    row[d] = n;
    memo.set(t, row);
    return n;
  };
  return Math.min(cap, (opts.count ?? defaultSyntheticCount) * cost(schema.root, 0));
}

const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";

/** Synthetic messages of an IR's root type, for a run that has a schema but no sample. */
export function synthesize(schema: IrSchema, opts: SynthesizeOptions = {}): DataValue[] {
  const rand = seededRandom(opts.seed ?? 1);
  const [sMin, sMax] = opts.stringLength ?? [3, 24];
  const [aMin, aMax] = opts.arrayLength ?? [0, 5];
  const absent = opts.absentShare ?? 0.1;
  const maxValues = opts.maxValues ?? defaultMaxSyntheticValues;
  let made = 0;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const text = () =>
    Array.from({ length: int(sMin, sMax) }, () => alphabet[int(0, alphabet.length - 1)]).join("");
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");

  const value = (t: IrType, depth: number): DataValue => {
    if (t.kind !== "nullable" && ++made > maxValues)
      throw new SynthesisBudgetError(
        `synthetic data for ${schema.name} would need more than ${maxValues.toLocaleString("en-US")} values ` +
          "(limit maxValues): ask for fewer messages or use a smaller schema",
      );
    // Past the filled depth every nullable and optional value ends, so only a required field that
    // leads back to its own record can still go deeper: such a type has no finite value.
    if (depth > maxFilledDepth + 64)
      throw new SynthesisBudgetError(
        `synthetic data for ${schema.name} cannot end: a required field of a recursive type leads back to it`,
      );
    switch (t.kind) {
      case "bool":
        return rand() < 0.5;
      case "int32":
        return int(-1_000_000, 1_000_000);
      case "uint32":
        return int(0, 4_000_000_000);
      case "int64":
        // Every fifth value beyond 2^53, so int64 precision is exercised.
        return rand() < 0.2
          ? BigInt(Number.MAX_SAFE_INTEGER) + BigInt(int(1, 1_000_000_000))
          : int(-1e9, 1e9);
      case "uint64":
        return rand() < 0.2 ? 2n ** 63n + BigInt(int(1, 1_000_000_000)) : int(0, 1e9);
      case "float32":
        return Math.fround((rand() - 0.5) * 1000);
      case "float64":
        return (rand() - 0.5) * 1e6;
      case "string":
        if (t.format === "date-time")
          return new Date(Date.UTC(2020, 0, 1) + int(0, 2e9) * 1000).toISOString();
        if (t.format === "date")
          return new Date(Date.UTC(2020, 0, 1) + int(0, 2000) * 86_400_000).toISOString().slice(0, 10);
        if (t.format === "uuid") return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
        return text();
      case "bytes":
        return Uint8Array.from({ length: int(sMin, sMax) }, () => int(0, 255));
      case "timestamp":
        return Date.UTC(2020, 0, 1) + int(0, 2e9) * 1000;
      case "enum":
        return t.symbols[int(0, t.symbols.length - 1)] ?? "";
      case "array":
        return depth > maxFilledDepth
          ? []
          : Array.from({ length: int(aMin, aMax) }, () => value(t.items, depth + 1));
      case "map": {
        const out: DataObject = {};
        if (depth <= maxFilledDepth)
          for (let i = 0, n = int(aMin, aMax); i < n; i++) setOwn(out, `k${i}`, value(t.values, depth + 1));
        return out;
      }
      case "nullable":
        return depth > maxFilledDepth || rand() < absent ? null : value(t.type, depth);
      case "null":
        return null;
      case "union": {
        // Past the filled depth a variant that is no record ends a recursion through the union.
        const ending = depth > maxFilledDepth ? t.variants.filter((v) => v.kind !== "record") : [];
        const pool = ending.length > 0 ? ending : t.variants;
        return value(pool[int(0, pool.length - 1)] ?? { kind: "any" }, depth);
      }
      case "record": {
        const out: DataObject = {};
        for (const f of t.fields) {
          if (f.optional && (depth > maxFilledDepth || rand() < absent)) continue;
          setOwn(out, f.name, value(f.type, depth + 1));
        }
        return out;
      }
      default:
        return rand() < 0.5 ? int(0, 100) : text();
    }
  };
  return Array.from({ length: opts.count ?? defaultSyntheticCount }, () => value(schema.root, 0));
}
