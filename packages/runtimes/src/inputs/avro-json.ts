import type { AvroType as Type, avroTypes as types } from "@wirebench/codecs/runtime-bridge";

/**
 * Avro's JSON encoding (the specification's, what avro-tools `tojson` writes) of avsc values, and
 * back. avsc's own `toString`/`fromString` go through JSON.parse/stringify, which round 64-bit longs
 * to doubles; this walk keeps them as bigint so the protocol's lossless JSON writes them exactly.
 * Unions other than null are `{"<branch>": value}`, bytes and fixed one code point per byte.
 */
export function toAvroJson(type: Type, v: unknown): unknown {
  const name = type.typeName;
  if (name === "record" || name === "error") {
    const out: Record<string, unknown> = {};
    const rec = v as Record<string, unknown>;
    for (const f of (type as types.RecordType).fields) out[f.name] = toAvroJson(f.type, rec[f.name]);
    return out;
  }
  if (name === "array")
    return (v as unknown[]).map((x) => toAvroJson((type as types.ArrayType).itemsType, x));
  if (name === "map") {
    const values = (type as types.MapType).valuesType as Type;
    return Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, toAvroJson(values, x)]));
  }
  if (name === "union:unwrapped") {
    // avsc writes an absent union value as null, its first branch.
    if (v === null || v === undefined) return null;
    const branch = (type as types.UnwrappedUnionType).types.find(
      (t) => t.typeName !== "null" && t.isValid(v),
    );
    if (!branch) throw new Error(`no branch of ${String(type.name ?? "a union")} takes the value`);
    return { [branchName(branch)]: toAvroJson(branch, v) };
  }
  if (name === "union:wrapped") {
    if (v === null || v === undefined) return null;
    const [key, inner] = Object.entries(v as object)[0] as [string, unknown];
    const branch = (type as types.WrappedUnionType).types.find((t) => branchName(t) === key);
    if (!branch) throw new Error(`union branch ${key} is not in the schema`);
    return { [key]: toAvroJson(branch, inner) };
  }
  if (name === "bytes" || name === "fixed") return Buffer.from(v as Uint8Array).toString("latin1");
  if (name.endsWith("long")) return typeof v === "bigint" ? v : BigInt(v as number);
  return v;
}

/** Avro JSON (as parsed by the lossless reader: longs as number or bigint) → avsc's in-memory value. */
export function fromAvroJson(type: Type, j: unknown): unknown {
  const name = type.typeName;
  if (name === "record" || name === "error") {
    const rec = j as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of (type as types.RecordType).fields) out[f.name] = fromAvroJson(f.type, rec[f.name]);
    return out;
  }
  if (name === "array")
    return (j as unknown[]).map((x) => fromAvroJson((type as types.ArrayType).itemsType, x));
  if (name === "map") {
    const values = (type as types.MapType).valuesType as Type;
    return Object.fromEntries(Object.entries(j as object).map(([k, x]) => [k, fromAvroJson(values, x)]));
  }
  if (name === "union:unwrapped" || name === "union:wrapped") {
    if (j === null) return null;
    const [key, inner] = Object.entries(j as object)[0] as [string, unknown];
    const branch = (type as types.UnwrappedUnionType).types.find((t) => branchName(t) === key);
    if (!branch) throw new Error(`union branch ${key} is not in the schema`);
    const value = fromAvroJson(branch, inner);
    return name === "union:wrapped" ? { [key]: value } : value;
  }
  if (name === "bytes" || name === "fixed") return Buffer.from(j as string, "latin1");
  if (name.endsWith("long")) {
    // Node's adapter carries longs as bigint, except where avsc keeps its own long (a logical
    // type's): give each the form its type takes.
    const big = BigInt(j as number | bigint);
    return type.isValid(big) ? big : Number(big);
  }
  return j;
}

/** The key Avro's JSON encoding gives a union branch: a named type's full name, else the type's name. */
function branchName(t: Type): string {
  if (t.name) return t.name;
  return t.typeName.endsWith("long") ? "long" : (t.branchName ?? t.typeName);
}
