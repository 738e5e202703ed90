import { z } from "zod";
import type { EnumType, IrSchema, IrType, RecordField, RecordType, UnionType } from "../ir.ts";
import { parseJsonLossless } from "../parse/parse-json-lossless.ts";
import { chooseRoot } from "./choose-root.ts";
import { recursiveTypeError, SchemaImportError } from "./schema-import-error.ts";
import { UniqueTypeNames } from "./unique-type-names.ts";

// Integers beyond 2^53 arrive as bigint: the JSON is read losslessly so 64-bit defaults stay exact.
const integer = z.union([z.number(), z.bigint()]);
const reflType = z.object({
  base_type: z.string().optional(),
  element: z.string().optional(),
  index: z.number().optional(),
  fixed_length: z.number().optional(),
});
const reflField = z.object({
  name: z.string(),
  type: reflType,
  id: z.number().optional(),
  default_integer: integer.optional(),
  default_real: z.number().optional(),
  deprecated: z.boolean().optional(),
  required: z.boolean().optional(),
  optional: z.boolean().optional(),
});
const reflObject = z.object({
  name: z.string(),
  fields: z.array(reflField).optional(),
  is_struct: z.boolean().optional(),
});
const reflEnum = z.object({
  name: z.string(),
  values: z
    .array(
      z.object({
        name: z.string(),
        value: z.union([integer, z.string()]).optional(),
        union_type: reflType.optional(),
      }),
    )
    .optional(),
  is_union: z.boolean().optional(),
  underlying_type: reflType.optional(),
});

/**
 * FlatBuffers' reflection schema (reflection.fbs) as `flatc --json --strict-json` prints a binary
 * schema (`flatc -b --schema`): enum fields by name, fields at their default left out. Checked on
 * reading, so a flatc that printed something else is an error naming the path, not a crash later.
 */
const fbsReflection = z.object({
  objects: z.array(reflObject).optional(),
  enums: z.array(reflEnum).optional(),
  root_table: z.object({ name: z.string() }).optional(),
});
export type FbsReflection = z.infer<typeof fbsReflection>;
type ReflType = z.infer<typeof reflType>;
type ReflField = z.infer<typeof reflField>;
type ReflObject = z.infer<typeof reflObject>;

const scalars: Record<string, IrType> = {
  Bool: { kind: "bool" },
  Byte: { kind: "int32", bits: 8 },
  UByte: { kind: "uint32", bits: 8 },
  Short: { kind: "int32", bits: 16 },
  UShort: { kind: "uint32", bits: 16 },
  Int: { kind: "int32" },
  UInt: { kind: "uint32" },
  Long: { kind: "int64" },
  ULong: { kind: "uint64" },
  Float: { kind: "float32" },
  Double: { kind: "float64" },
  String: { kind: "string" },
};
const isScalarBase = (b: string | undefined) => b !== undefined && b in scalars && b !== "String";
const shortName = (full: string) => full.slice(full.lastIndexOf(".") + 1);

/**
 * A .fbs schema from flatc's own reflection of it (the caller runs flatc: see @wirebench/idl-compilers; this package does no I/O). Tables and structs become records, fields in id order
 * with IR number = id + 1 (FlatBuffers ids start at 0, Protobuf tags at 1); deprecated fields are left
 * out (flatc writes and reads nothing for them). A scalar is not optional (an absent one reads as its
 * default, kept in `default`) unless declared `= null`; other table fields are optional unless
 * `(required)`. A union field `x` is two fields as flatc's JSON writes it: `x_type`, an enum of the
 * members with NONE = 0, and `x`, an IR union of the member tables. `[ubyte]` is bytes (JSON samples
 * may give it as an array of numbers); other narrow integers keep their width in `bits`; fixed arrays
 * in structs are arrays. A type that contains itself is refused.
 */
export function importFbsReflection(json: string, rootType?: string, sourceText?: string): IrSchema {
  let parsed: unknown;
  try {
    parsed = parseJsonLossless(json);
  } catch (err) {
    throw new SchemaImportError(`flatc's reflection output is not JSON: ${(err as Error).message}`);
  }
  const read = fbsReflection.safeParse(parsed);
  if (!read.success)
    throw new SchemaImportError(
      `flatc's reflection output is not the expected shape: ${z.prettifyError(read.error)}`,
    );
  const schema = read.data;
  const objects = schema.objects ?? [];
  const enums = schema.enums ?? [];
  const names = new UniqueTypeNames();
  // Named in file order of the reflection (sorted by full name), so the same file always names alike.
  for (const o of objects) names.name(o.name.split("."));
  for (const e of enums) if (!e.is_union) names.name(e.name.split("."));

  const done = new Map<string, IrType>();
  const inProgress: string[] = [];
  const path: string[] = [];

  const enumOf = (i: number): EnumType => {
    const e = enums[i];
    if (!e) throw new SchemaImportError(`reflection refers to enum ${i}, which it does not define`);
    const key = `enum:${e.name}`;
    const known = done.get(key);
    if (known) return known as EnumType;
    const values = e.values ?? [];
    const t: EnumType = {
      kind: "enum",
      // The union's type enum is named as flatc names it in code (`Equipment`); its IR union takes `…Value`.
      name: names.name(e.name.split(".")),
      symbols: values.map((v) => v.name),
      values: values.map((v) => Number(v.value ?? 0)),
    };
    done.set(key, t);
    return t;
  };

  const unionOf = (i: number): UnionType => {
    const e = enums[i];
    if (!e) throw new SchemaImportError(`reflection refers to union ${i}, which it does not define`);
    const key = `union:${e.name}`;
    const known = done.get(key);
    if (known) return known as UnionType;
    const variants = (e.values ?? [])
      .filter((v) => v.union_type?.base_type && v.union_type.base_type !== "None")
      .map((v) => element(v.union_type!.base_type!, v.union_type!.index));
    const parts = e.name.split(".");
    const name = names.name([...parts.slice(0, -1), `${parts.at(-1)}Value`]);
    const u: UnionType = { kind: "union", name, variants };
    done.set(key, u);
    return u;
  };

  /** A type by its base type name and reflection index (vector elements and union members). */
  const element = (base: string, index: number | undefined): IrType => {
    const i = index ?? -1;
    if (base === "Obj") return record(i);
    if (base === "UType") return enumOf(i);
    if (base === "Union") return unionOf(i);
    const s = scalars[base];
    if (!s) throw new SchemaImportError(`unsupported FlatBuffers type ${base}`);
    return i >= 0 && isScalarBase(base) ? enumOf(i) : { ...s };
  };

  const typeOf = (t: ReflType): IrType => {
    const base = t.base_type ?? "None";
    if (base === "Vector" || base === "Vector64" || base === "Array") {
      const el = t.element ?? "None";
      if (el === "UByte" && (t.index ?? -1) < 0 && base !== "Array") return { kind: "bytes" };
      return { kind: "array", items: element(el, t.index) };
    }
    return element(base, t.index);
  };

  const defaultOf = (f: ReflField, t: IrType): RecordField["default"] => {
    if (t.kind === "enum") {
      const n = Number(f.default_integer ?? 0);
      const i = (t.values ?? []).indexOf(n);
      return i >= 0 ? t.symbols[i] : n;
    }
    if (t.kind === "bool") return Number(f.default_integer ?? 0) !== 0;
    if (t.kind === "float32" || t.kind === "float64") return f.default_real ?? 0;
    const n = f.default_integer ?? 0;
    return typeof n === "bigint" ? n.toString() : n;
  };

  function record(i: number): RecordType {
    const o = objects[i];
    if (!o) throw new SchemaImportError(`reflection refers to table ${i}, which it does not define`);
    const key = `obj:${o.name}`;
    const known = done.get(key);
    if (known) return known as RecordType;
    const at = inProgress.indexOf(o.name);
    if (at >= 0) throw recursiveTypeError(names.name(o.name.split(".")), path.slice(at));
    inProgress.push(o.name);
    const rec: RecordType = { kind: "record", name: names.name(o.name.split(".")), fields: [] };
    // Struct fields have no ids; reflection lists them by name, their offsets give declaration order.
    const fields = [...(o.fields ?? [])].sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    for (const f of fields) {
      if (f.deprecated) continue;
      path.push(`${rec.name}.${f.name}`);
      const type = typeOf(f.type);
      path.pop();
      const scalar = isScalarBase(f.type.base_type) || f.type.base_type === "UType";
      const field: RecordField = {
        name: f.name,
        number: (f.id ?? 0) + 1,
        type,
        optional: o.is_struct ? false : scalar ? f.optional === true : f.required !== true,
      };
      if (scalar && !f.optional && !o.is_struct) field.default = defaultOf(f, type);
      rec.fields.push(field);
    }
    if (o.is_struct) rec.doc = "FlatBuffers struct: fixed layout, every field present";
    inProgress.pop();
    done.set(key, rec);
    return rec;
  }

  const tables = objects.map((o, i) => ({ o, i })).filter(({ o }) => !o.is_struct);
  const uses = (o: ReflObject) =>
    (o.fields ?? []).flatMap((f) => {
      const i = f.type.index ?? -1;
      const b = f.type.base_type === "Vector" ? f.type.element : f.type.base_type;
      if (b === "Obj") return [objects[i]?.name ?? ""];
      if (b === "Union")
        return (enums[i]?.values ?? []).map((v) => objects[v.union_type?.index ?? -1]?.name ?? "");
      return [];
    });
  const top = chooseRoot(
    tables.map(({ o }) => ({ fullName: o.name, names: [shortName(o.name)], uses: uses(o) })),
    { idl: ".fbs", noun: "table" },
    rootType,
    schema.root_table?.name,
  );
  const root = record(objects.findIndex((o) => o.name === top.fullName));
  return {
    irVersion: 1,
    name: root.name,
    root,
    source: "fbs",
    ...(sourceText === undefined
      ? {}
      : { original: { idl: "fbs", text: sourceText, rootType: top.fullName } }),
  };
}
