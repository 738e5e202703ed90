import { readFileSync } from "node:fs";
import { readCorpus } from "@wirebench/corpus";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { importProto } from "../src/import/import-proto.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { DataValue, IrSchema, IrType } from "../src/ir.ts";

// What synthesize.test.ts checks synthetic data with: its own walk of a value against an IR type.
export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

const isObject = (v: DataValue): v is { [k: string]: DataValue } =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
const isInt = (v: DataValue, lo: bigint, hi: bigint) =>
  (typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v))) &&
  BigInt(v) >= lo &&
  BigInt(v) <= hi;
const formats: Record<string, RegExp> = {
  "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

export interface Seen {
  /** Where the value does not fit its type (JSON-Pointer-like path and why). */
  problems: string[];
  arrayLengths: number[];
  mapSizes: number[];
  stringLengths: number[];
  byteLengths: number[];
}

/** Checks a value against its IR type on our own terms (not synthesize's), collecting sizes on the way. */
function walk(t: IrType, v: DataValue, path: string, seen: Seen): void {
  const bad = (why: string) => seen.problems.push(`${path || "/"}: ${why}`);
  switch (t.kind) {
    case "bool":
      if (typeof v !== "boolean") bad("not a boolean");
      return;
    case "int32":
      if (!isInt(v, -(2n ** 31n), 2n ** 31n - 1n)) bad("not an int32");
      return;
    case "uint32":
      if (!isInt(v, 0n, 2n ** 32n - 1n)) bad("not a uint32");
      return;
    case "int64":
      if (!isInt(v, -(2n ** 63n), 2n ** 63n - 1n)) bad("not an int64");
      return;
    case "uint64":
      if (!isInt(v, 0n, 2n ** 64n - 1n)) bad("not a uint64");
      return;
    case "timestamp":
      if (!isInt(v, 0n, 2n ** 53n)) bad("not epoch milliseconds");
      return;
    case "float32":
      if (typeof v !== "number" || Math.fround(v) !== v) bad("not a float32");
      return;
    case "float64":
      if (typeof v !== "number" || !Number.isFinite(v)) bad("not a float64");
      return;
    case "string":
      if (typeof v !== "string") return void bad("not a string");
      if (t.format) {
        if (!formats[t.format]?.test(v)) bad(`not a ${t.format}: ${v}`);
      } else seen.stringLengths.push(v.length);
      return;
    case "bytes":
      if (!(v instanceof Uint8Array)) return void bad("not bytes");
      seen.byteLengths.push(v.length);
      return;
    case "enum":
      if (typeof v !== "string" || !t.symbols.includes(v)) bad(`not a symbol of ${t.name}`);
      return;
    case "nullable":
      if (v !== null) walk(t.type, v, path, seen);
      return;
    case "array":
      if (!Array.isArray(v)) return void bad("not an array");
      seen.arrayLengths.push(v.length);
      for (const [i, x] of v.entries()) walk(t.items, x, `${path}/${i}`, seen);
      return;
    case "map":
      if (!isObject(v)) return void bad("not an object");
      seen.mapSizes.push(Object.keys(v).length);
      for (const [k, x] of Object.entries(v)) walk(t.values, x, `${path}/${k}`, seen);
      return;
    case "record": {
      if (!isObject(v)) return void bad(`not a ${t.name} object`);
      const known = new Set(t.fields.map((f) => f.name));
      for (const k of Object.keys(v)) if (!known.has(k)) bad(`${k} is no field of ${t.name}`);
      for (const f of t.fields) {
        if (!Object.hasOwn(v, f.name)) {
          if (!f.optional) bad(`required ${t.name}.${f.name} missing`);
        } else walk(f.type, v[f.name]!, `${path}/${f.name}`, seen);
      }
      return;
    }
    case "union": {
      const fits = t.variants.some((variant) => {
        const s: Seen = { problems: [], arrayLengths: [], mapSizes: [], stringLengths: [], byteLengths: [] };
        walk(variant, v, path, s);
        return s.problems.length === 0;
      });
      if (!fits) bad(`fits no variant of ${t.name}`);
      return;
    }
    case "any":
      if (v === undefined) bad("missing");
      return;
  }
}

/** Every problem and size seen walking the messages against the schema. */
export const check = (schema: IrSchema, messages: DataValue[]): Seen => {
  const seen: Seen = { problems: [], arrayLengths: [], mapSizes: [], stringLengths: [], byteLengths: [] };
  for (const [i, m] of messages.entries()) walk(schema.root, m, `#${i}`, seen);
  return seen;
};

/** Inferred and imported schemas covering every IR kind. */
export const schemas: [string, () => IrSchema][] = [
  ["twitter.json", () => inferDataset(readCorpus("twitter.json")).schema],
  ["citm_catalog.json", () => inferDataset(readCorpus("citm_catalog.json")).schema],
  ["canada.json", () => inferDataset(readCorpus("canada.json")).schema],
  ["hostile-names.json", () => inferDataset(fixture("hostile-names.json")).schema],
  // bytes, uint64, float32, a proto enum and a map: kinds inference never produces.
  ["order.proto", () => importProto(fixture("order.proto"))],
  ["catalog.schema.json", () => importJsonSchema(fixture("catalog.schema.json"))],
];
