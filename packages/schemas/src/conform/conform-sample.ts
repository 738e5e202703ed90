import protobuf from "protobufjs";
import { defineKey, isPlainObject } from "../data/plain-object.ts";
import type { DataObject, DataValue, EnumType, IrType, RecordField, RecordType } from "../ir.ts";
import { fits, isoMillis } from "./value-fits.ts";

/**
 * Reads a JSON sample that follows a given schema (`--schema`) into the data model keyed by the
 * schema's own field names. Keys match a field by its name or by the Protobuf JSON name
 * (`last_updated` and `lastUpdated`); enums accept symbols or numbers; int64 may be a string (as the
 * canonical Protobuf JSON mapping writes it); bytes are base64. Anything else is an error naming the
 * path, so a sample that does not follow the schema is never measured as if it did.
 */
export function conformToSchema(t: IrType, v: DataValue, path = ""): DataValue {
  const at = path || "/";
  switch (t.kind) {
    case "nullable":
      return v === null ? null : conformToSchema(t.type, v, path);
    case "any":
      return v;
    case "null":
      if (v !== null) throw new Error(`${at}: expected null (the schema's null type), found ${kindOf(v)}`);
      return null;
    case "record":
      return conformRecord(t, v, path);
    case "array":
      if (!Array.isArray(v)) throw new Error(`${at}: expected an array, found ${kindOf(v)}`);
      return v.map((x, i) => conformToSchema(t.items, x, `${path}/${i}`));
    case "map": {
      if (!isPlainObject(v)) throw new Error(`${at}: expected an object (map), found ${kindOf(v)}`);
      const out: DataObject = {};
      for (const k of Object.keys(v))
        defineKey(out, k, conformToSchema(t.values, (v as DataObject)[k] as DataValue, `${path}/${k}`));
      return out;
    }
    case "union": {
      // `fits` looks at the value's kind only; among several record variants (a JSON Schema anyOf of
      // objects) the first whose fields take the object's keys is the one, so each is tried in turn.
      const candidates = t.variants.filter((x) => fits(x, v));
      if (candidates.length === 0) throw new Error(`${at}: ${kindOf(v)} fits no variant of ${t.name}`);
      let firstError: unknown;
      for (const variant of candidates) {
        try {
          return conformToSchema(variant, v, path);
        } catch (err) {
          firstError ??= err;
        }
      }
      throw firstError;
    }
    case "enum": {
      if (typeof v === "string" && symbolsOf(t).has(v)) return v;
      if (typeof v === "number" || (typeof v === "string" && /^-?\d+$/.test(v))) {
        const n = Number(v);
        const i = t.values ? t.values.indexOf(n) : n;
        const symbol = t.symbols[i];
        if (i >= 0 && symbol !== undefined) return symbol;
      }
      throw new Error(
        `${at}: ${JSON.stringify(v)} is not a symbol or number of enum ${t.name} (${t.symbols.join(", ")})`,
      );
    }
    case "bool":
      if (typeof v !== "boolean") throw new Error(`${at}: expected a boolean, found ${kindOf(v)}`);
      return v;
    case "int32":
    case "uint32":
    case "int64":
    case "uint64":
      return conformInt(t.kind, v, at, t.bits);
    case "float32":
    case "float64":
      if (typeof v === "number") return v;
      if (typeof v === "bigint") return Number(v);
      if (typeof v === "string" && ["NaN", "Infinity", "-Infinity"].includes(v)) return Number(v);
      if (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v))) return Number(v);
      throw new Error(`${at}: expected a number, found ${kindOf(v)}`);
    case "bytes":
      if (v instanceof Uint8Array) return v;
      if (typeof v === "string" && /^[A-Za-z0-9+/_-]*={0,2}$/.test(v))
        return new Uint8Array(Buffer.from(v, "base64"));
      // flatc's JSON writes a [ubyte] as an array of numbers.
      if (
        Array.isArray(v) &&
        v.every((b) => typeof b === "number" && Number.isInteger(b) && b >= 0 && b < 256)
      )
        return new Uint8Array(v as number[]);
      throw new Error(`${at}: expected base64 bytes or an array of byte values, found ${kindOf(v)}`);
    case "string":
      if (typeof v !== "string") throw new Error(`${at}: expected a string, found ${kindOf(v)}`);
      return v;
    case "timestamp":
      return conformTimestamp(v, at);
  }
}

/**
 * A timestamp is ISO-8601 text or an integer of epoch milliseconds; either is kept as written, so the
 * decoded value can be compared in the sample's own shape. The wire carries epoch milliseconds.
 */
function conformTimestamp(v: DataValue, at: string): DataValue {
  if (typeof v === "string" && !Number.isNaN(isoMillis(v))) return v;
  if (typeof v === "number" && Number.isInteger(v)) return v;
  if (typeof v === "bigint") return conformInt("int64", v, at);
  throw new Error(`${at}: expected an ISO-8601 date-time or epoch milliseconds, found ${kindOf(v)}`);
}

/** `bits`: a narrower width the imported schema declared (Thrift i8, FlatBuffers short, …). */
function conformInt(kind: string, v: DataValue, at: string, bits?: 8 | 16): DataValue {
  let n: bigint;
  if (typeof v === "number" && Number.isInteger(v)) n = BigInt(v);
  else if (typeof v === "bigint") n = v;
  else if (typeof v === "string" && /^-?\d+$/.test(v)) n = BigInt(v);
  else throw new Error(`${at}: expected an integer (${kind}), found ${kindOf(v)}`);
  const width = BigInt(bits ?? (kind.endsWith("64") ? 64 : 32));
  const signed = !kind.startsWith("u");
  const [lo, hi] = signed ? [-(2n ** (width - 1n)), 2n ** (width - 1n) - 1n] : [0n, 2n ** width - 1n];
  const name = bits ? `${signed ? "" : "u"}int${bits}` : kind;
  if (n < lo || n > hi) throw new Error(`${at}: ${n} is out of range for ${name}`);
  return n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n;
}

/** protoc's json_name rule (protobufjs `util.jsonName`, which the Protobuf JSON variant writes). */
export function protoJsonName(name: string): string {
  return protobuf.util.jsonName(name);
}

/**
 * Built once per record type and kept while the type lives: rebuilding the field map for every object
 * costs fields × objects (1,000 fields × 10,000 objects held the web's event loop for 2.9 s).
 */
const fieldMaps = new WeakMap<RecordType, Map<string, RecordField>>();
const enumSymbols = new WeakMap<EnumType, Set<string>>();

function fieldsOf(t: RecordType): Map<string, RecordField> {
  let byKey = fieldMaps.get(t);
  if (!byKey) {
    byKey = new Map();
    for (const f of t.fields) byKey.set(protoJsonName(f.name), f);
    for (const f of t.fields) byKey.set(f.name, f); // the exact name wins over a JSON name
    fieldMaps.set(t, byKey);
  }
  return byKey;
}

function symbolsOf(t: EnumType): Set<string> {
  let symbols = enumSymbols.get(t);
  if (!symbols) {
    symbols = new Set(t.symbols);
    enumSymbols.set(t, symbols);
  }
  return symbols;
}

/**
 * The canonical Protobuf JSON forms of two well-known messages kept as records: a Duration as
 * `"1.5s"` (seconds with up to 9 fraction digits), a FieldMask as `"a.b,c"`. Undefined otherwise.
 */
function wellKnownObject(t: RecordType, v: DataValue): DataObject | undefined {
  if (typeof v !== "string") return undefined;
  if (t.wellKnown === "google.protobuf.Duration") {
    const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(v);
    if (!m) return undefined;
    const sign = m[1] ? -1n : 1n;
    const seconds = sign * BigInt(m[2]!);
    const nanos = (m[1] ? -1 : 1) * Number((m[3] ?? "").padEnd(9, "0"));
    return { seconds: normalizeSafe(seconds), nanos };
  }
  if (t.wellKnown === "google.protobuf.FieldMask") return { paths: v === "" ? [] : v.split(",") };
  return undefined;
}
const normalizeSafe = (n: bigint): number | bigint =>
  n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n;

function conformRecord(t: RecordType, v: DataValue, path: string): DataObject {
  const known = wellKnownObject(t, v);
  if (known) v = known;
  if (!isPlainObject(v))
    throw new Error(`${path || "/"}: expected an object (${t.name}), found ${kindOf(v)}`);
  const byKey = fieldsOf(t);
  const out: DataObject = {};
  for (const key of Object.keys(v)) {
    const f = byKey.get(key);
    if (!f) {
      const names = t.fields.map((x) => x.name).join(", ");
      throw new Error(`${path}/${key}: no field "${key}" in ${t.name} (fields: ${names})`);
    }
    if (Object.hasOwn(out, f.name)) throw new Error(`${path}/${key}: field ${f.name} given twice`);
    const value = (v as DataObject)[key] as DataValue;
    if (value === null && f.type.kind !== "nullable" && f.type.kind !== "any" && f.type.kind !== "null") {
      // Protobuf JSON: null means "default"/absent for a non-nullable field.
      if (f.optional) continue;
      throw new Error(`${path}/${key}: null is not allowed for ${f.name}`);
    }
    defineKey(out, f.name, conformToSchema(f.type, value, `${path}/${key}`));
  }
  // A field the sample leaves out holds the default its schema declares (.thrift, .fbs, .capnp):
  // that is what the schema's own format reads, so every format is given the same value.
  const missing = t.fields.filter((f) => f.default !== undefined && !Object.hasOwn(out, f.name));
  if (missing.length === 0) return out;
  for (const f of missing) defineKey(out, f.name, conformToSchema(f.type, f.default!, `${path}/${f.name}`));
  // In schema order, as the formats that filled the default read the record back.
  const ordered: DataObject = {};
  for (const f of t.fields)
    if (Object.hasOwn(out, f.name)) defineKey(ordered, f.name, out[f.name] as DataValue);
  return ordered;
}

function kindOf(v: DataValue): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (v instanceof Uint8Array) return "bytes";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${JSON.stringify(typeof v === "bigint" ? v.toString() : v)}`;
}
