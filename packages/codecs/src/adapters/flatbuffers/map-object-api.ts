import type { DataValue, IrType, RecordField, RecordType } from "@wirebench/schemas";
import type * as flatbuffers from "flatbuffers";
import type { IdlValueMapper } from "../../schema-bridge/idl-value.ts";
import { camel } from "./patch-generated.ts";

/** A flatc object-API instance (`<Name>T`): its fields are own properties, named as flatc renamed them. */
type ObjectApiInstance = { pack(b: flatbuffers.Builder): number; [property: string]: unknown };
export type ObjectClass = new () => ObjectApiInstance;

/** Records of the IDL IR by name, to instantiate object-API classes (`<Name>T`). */
export function recordsOf(t: IrType, out = new Map<string, RecordType>()): Map<string, RecordType> {
  if (t.kind === "record") {
    if (out.has(t.name)) return out;
    out.set(t.name, t);
    for (const f of t.fields) recordsOf(f.type, out);
  } else if (t.kind === "array") recordsOf(t.items, out);
  else if (t.kind === "map") recordsOf(t.values, out);
  else if (t.kind === "nullable") recordsOf(t.type, out);
  else if (t.kind === "union") for (const v of t.variants) recordsOf(v, out);
  return out;
}

/**
 * The member table of a union field `x`, from its sibling `x_type` (as the importer lays a
 * FlatBuffers union out): the enum's values after NONE (0) name the members in order.
 */
function unionOf(rec: RecordType, f: RecordField, values: Record<string, unknown>): IrType | undefined {
  const t = f.type.kind === "nullable" ? f.type.type : f.type;
  if (t.kind !== "union") return undefined;
  const tag = rec.fields.find((x) => x.name === `${f.name}_type`);
  const e = tag && (tag.type.kind === "nullable" ? tag.type.type : tag.type);
  if (e?.kind !== "enum") throw new Error(`union ${rec.name}.${f.name} has no ${f.name}_type field`);
  const n = values[tag!.name];
  const number = typeof n === "string" ? (e.values?.[e.symbols.indexOf(n)] ?? e.symbols.indexOf(n)) : n;
  const members = (e.values ?? e.symbols.map((_, i) => i)).filter((x) => x !== 0);
  return t.variants[members.indexOf(number as number)];
}

/**
 * Converts between the IDL's values and flatc's object-API instances (`<Name>T`). flatc renames
 * fields (lowerCamelCase, keyword escapes): the property names are read from a default instance;
 * they follow the declaration order of the schema's fields. `asWritten`: the user's own schema,
 * which may declare fields out of id order (the IR is in id order), so properties match by name.
 */
export function objectApiClasses(
  mod: Record<string, unknown>,
  records: Map<string, RecordType>,
  asWritten: boolean,
) {
  const props = new Map<string, string[]>();
  const classes = new Map<string, ObjectClass>();
  for (const [name, rec] of records) {
    const T = mod[`${name}T`] as ObjectClass | undefined;
    if (typeof T !== "function") throw new Error(`generated code has no ${name}T class`);
    const own = Object.keys(new T());
    const keys = asWritten ? rec.fields.map((f) => camel(f.name)) : own;
    if (keys.length !== rec.fields.length || keys.some((k) => !own.includes(k)))
      throw new Error(`${name}T's fields (${own.join(", ")}) do not match the schema's ${rec.fields.length}`);
    props.set(name, keys);
    classes.set(name, T);
  }
  return { props, converters: (mapper: IdlValueMapper) => converters(props, classes, mapper) };
}

/** Values of the IDL to object-API instances and back; unions go through `mapper` once their member is known. */
function converters(props: Map<string, string[]>, classes: Map<string, ObjectClass>, mapper: IdlValueMapper) {
  const toObjectApi = (t: IrType, v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (t.kind === "nullable") return toObjectApi(t.type, v);
    if (t.kind === "array") return (v as unknown[]).map((x) => toObjectApi(t.items, x));
    if (t.kind !== "record") return v;
    const T = classes.get(t.name) as ObjectClass;
    const keys = props.get(t.name) as string[];
    const o = new T();
    const src = v as Record<string, unknown>;
    t.fields.forEach((f, i) => {
      const key = keys[i] as string;
      if (src[f.name] === undefined) {
        // An absent vector is left out of the buffer, as flatc -b leaves it (see skipAbsentVectors);
        // a required one keeps the object API's empty vector, since the builder must write it.
        if (f.optional && Array.isArray(o[key])) o[key] = null;
        return;
      }
      const u = unionOf(t, f, src);
      // The value mapper passes a union through untouched; its member is mapped here, once known.
      o[key] = u
        ? toObjectApi(u, mapper.toIdl(u, u, src[f.name] as DataValue))
        : toObjectApi(f.type, src[f.name]);
    });
    return o;
  };
  const fromObjectApi = (t: IrType, v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (t.kind === "nullable") return fromObjectApi(t.type, v);
    if (t.kind === "array") return (v as unknown[]).map((x) => fromObjectApi(t.items, x));
    if (t.kind !== "record") return v;
    const keys = props.get(t.name) as string[];
    const src = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    t.fields.forEach((f, i) => {
      const raw = src[keys[i] as string];
      const u = unionOf(t, f, out);
      out[f.name] =
        u && raw != null ? mapper.fromIdl(u, u, fromObjectApi(u, raw)) : fromObjectApi(f.type, raw);
    });
    return out;
  };
  return { toObjectApi, fromObjectApi };
}
