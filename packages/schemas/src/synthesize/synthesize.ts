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
}

const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";

/** Synthetic messages of an IR's root type, for a run that has a schema but no sample. */
export function synthesize(schema: IrSchema, opts: SynthesizeOptions = {}): DataValue[] {
  const rand = seededRandom(opts.seed ?? 1);
  const [sMin, sMax] = opts.stringLength ?? [3, 24];
  const [aMin, aMax] = opts.arrayLength ?? [0, 5];
  const absent = opts.absentShare ?? 0.1;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const text = () =>
    Array.from({ length: int(sMin, sMax) }, () => alphabet[int(0, alphabet.length - 1)]).join("");
  const hex = (n: number) => Array.from({ length: n }, () => int(0, 15).toString(16)).join("");

  const value = (t: IrType, depth: number): DataValue => {
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
        return depth > 8 ? [] : Array.from({ length: int(aMin, aMax) }, () => value(t.items, depth + 1));
      case "map": {
        const out: DataObject = {};
        if (depth <= 8)
          for (let i = 0, n = int(aMin, aMax); i < n; i++) setOwn(out, `k${i}`, value(t.values, depth + 1));
        return out;
      }
      case "nullable":
        return rand() < absent ? null : value(t.type, depth);
      case "union":
        return value(t.variants[int(0, t.variants.length - 1)] ?? { kind: "any" }, depth);
      case "record": {
        const out: DataObject = {};
        for (const f of t.fields) {
          if (f.optional && rand() < absent) continue;
          setOwn(out, f.name, value(f.type, depth + 1));
        }
        return out;
      }
      default:
        return rand() < 0.5 ? int(0, 100) : text();
    }
  };
  return Array.from({ length: opts.count ?? 100 }, () => value(schema.root, 0));
}
