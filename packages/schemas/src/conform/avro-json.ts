import { defineKey, isPlainObject } from "../data/plain-object.ts";
import type { DataObject, DataValue, IrType } from "../ir.ts";

/** Avro's name for a branch of a union, per IR kind (named types go by their name). */
const avroNames: Partial<Record<IrType["kind"], string>> = {
  null: "null",
  bool: "boolean",
  int32: "int",
  int64: "long",
  timestamp: "long",
  float32: "float",
  float64: "double",
  bytes: "bytes",
  string: "string",
  array: "array",
  map: "map",
};

function branchNamed(branches: IrType[], key: string): IrType | undefined {
  const short = key.slice(key.lastIndexOf(".") + 1);
  return branches.find((b) =>
    b.kind === "record" || b.kind === "enum" ? b.name === key || b.name === short : avroNames[b.kind] === key,
  );
}

/**
 * A sample in Avro's JSON encoding (what avro-tools `tojson` writes) wraps every non-null union value
 * in an object naming its branch: `{"maybe": {"string": "x"}}`. This unwraps them along an IR imported
 * from an .avsc, so the sample is read as the values it holds; unwrapped values are left as they are.
 * Bytes written one character per byte are read as bytes (see avroJsonBytes).
 */
export function unwrapAvroUnions(t: IrType, v: DataValue): DataValue {
  switch (t.kind) {
    case "nullable":
    case "union": {
      const branches = t.kind === "nullable" ? [t.type] : t.variants;
      if (isPlainObject(v)) {
        const keys = Object.keys(v);
        const branch = keys.length === 1 ? branchNamed(branches, keys[0]!) : undefined;
        if (branch) return unwrapAvroUnions(branch, (v as DataObject)[keys[0]!] as DataValue);
      }
      return t.kind === "nullable" ? unwrapAvroUnions(t.type, v) : v;
    }
    case "record": {
      if (!isPlainObject(v)) return v;
      const out: DataObject = {};
      const byName = new Map(t.fields.map((f) => [f.name, f.type]));
      for (const k of Object.keys(v)) {
        const ft = byName.get(k);
        const fv = (v as DataObject)[k] as DataValue;
        defineKey(out, k, ft ? unwrapAvroUnions(ft, fv) : fv);
      }
      return out;
    }
    case "array":
      return Array.isArray(v) ? v.map((x) => unwrapAvroUnions(t.items, x)) : v;
    case "map": {
      if (!isPlainObject(v)) return v;
      const out: DataObject = {};
      for (const k of Object.keys(v))
        defineKey(out, k, unwrapAvroUnions(t.values, (v as DataObject)[k] as DataValue));
      return out;
    }
    case "bytes":
      return typeof v === "string" ? avroJsonBytes(v) : v;
    default:
      return v;
  }
}

/**
 * Avro's JSON encoding writes bytes and fixed as one character per byte (`"\u00ff"`). Such text is
 * seldom valid base64 (the form a sample otherwise uses): a string that is not base64 and whose
 * characters are all below U+0100 is read as those bytes. Valid base64 stays base64.
 */
function avroJsonBytes(v: string): DataValue {
  if (/^[A-Za-z0-9+/_-]*={0,2}$/.test(v)) return v;
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) > 0xff) return v;
  return Uint8Array.from(v, (c) => c.charCodeAt(0));
}
