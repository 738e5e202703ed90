import type {
  ArrayType,
  IrSchema,
  IrType,
  Limitation,
  MapType,
  NullableType,
  RecordField,
  RecordType,
  UnionType,
} from "../ir.ts";

/** A place where a type defined once in `StoredIr.types` is used. */
export interface TypeRef {
  $ref: string;
}

/** A record field as stored: its type may be a TypeRef. */
export type StoredField = Omit<RecordField, "type"> & { type: StoredType };

/** An IR type written in place: the same shape, except that any nested type is a StoredType. */
export type StoredInline =
  | Exclude<IrType, RecordType | UnionType | ArrayType | MapType | NullableType>
  | (Omit<RecordType, "fields"> & { fields: StoredField[] })
  | (Omit<UnionType, "variants"> & { variants: StoredType[] })
  | (Omit<ArrayType, "items"> & { items: StoredType })
  | (Omit<MapType, "values"> & { values: StoredType })
  | (Omit<NullableType, "type"> & { type: StoredType });

/** An IR type as stored: a reference to one in `StoredIr.types`, or the type written in place. */
export type StoredType = TypeRef | StoredInline;

/**
 * The IR as it is stored, sent and shown: every record, enum and union, and any other type used in
 * more than one place, is written once under `types` and referred to by `{"$ref": key}` (the key is
 * the type's name when that is free). In memory the IR is a graph in which a type used in many places
 * is one shared object; written out with plain JSON.stringify it would be copied into every place,
 * and a 1.7 KB schema could become a 165 MB document. This form stays proportional to the schema.
 */
export interface StoredIr {
  irVersion: 1;
  name: string;
  source: IrSchema["source"];
  encoding: "refs";
  types: Record<string, StoredType>;
  root: StoredType;
  /** The importer's limitations (IrSchema.limitations); the schema text itself is stored with the run. */
  limitations?: Limitation[];
}

const isContainer = (t: IrType) =>
  t.kind === "record" ||
  t.kind === "enum" ||
  t.kind === "union" ||
  t.kind === "array" ||
  t.kind === "map" ||
  t.kind === "nullable";

/** The stored form of an IR: proportional to the number of distinct types, never to the expansion. */
export function encodeIr(schema: IrSchema): StoredIr {
  const uses = new Map<IrType, number>();
  const count = (t: IrType) => {
    const n = uses.get(t) ?? 0;
    uses.set(t, n + 1);
    if (n > 0) return;
    for (const child of children(t)) count(child);
  };
  count(schema.root);

  const types: Record<string, StoredType> = {};
  const keys = new Map<IrType, string>();
  const taken = new Set<string>();
  let anonymous = 0;
  const keyFor = (t: IrType): string => {
    let key = "name" in t && typeof t.name === "string" && t.name ? t.name : `~${++anonymous}`;
    while (taken.has(key)) key = `${"name" in t ? t.name : ""}~${++anonymous}`;
    taken.add(key);
    return key;
  };
  const byRef = (t: IrType) =>
    t.kind === "record" || t.kind === "enum" || t.kind === "union" || (isContainer(t) && uses.get(t)! > 1);

  const encode = (t: IrType): StoredType => {
    if (!byRef(t)) return inline(t);
    let key = keys.get(t);
    if (key === undefined) {
      key = keyFor(t);
      keys.set(t, key);
      // Dependencies first, so the stored types read bottom-up like an IDL file.
      const body = inline(t);
      types[key] = body;
    }
    return { $ref: key };
  };
  const inline = (t: IrType): StoredType => {
    switch (t.kind) {
      case "record":
        return { ...t, fields: t.fields.map((f) => ({ ...f, type: encode(f.type) })) };
      case "union":
        return { ...t, variants: t.variants.map(encode) };
      case "array":
        return { ...t, items: encode(t.items) };
      case "map":
        return { ...t, values: encode(t.values) };
      case "nullable":
        return { ...t, type: encode(t.type) };
      default:
        return { ...t };
    }
  };
  const root = encode(schema.root);
  return {
    irVersion: 1,
    name: schema.name,
    source: schema.source,
    encoding: "refs",
    types,
    root,
    ...(schema.limitations?.length ? { limitations: schema.limitations } : {}),
  };
}

function children(t: IrType): IrType[] {
  switch (t.kind) {
    case "record":
      return t.fields.map((f) => f.type);
    case "union":
      return t.variants;
    case "array":
      return [t.items];
    case "map":
      return [t.values];
    case "nullable":
      return [t.type];
    default:
      return [];
  }
}

/**
 * The in-memory IR of a stored one: each stored type becomes one object shared by every place that
 * refers to it. An IR stored before this encoding existed (plain, expanded JSON) is returned as it is.
 * A reference to a missing type is an error; a record that contains itself (a recursive Avro or
 * .proto type) becomes one object that refers to itself, and any other type that does is an error.
 */
export function decodeIr(stored: StoredIr | IrSchema): IrSchema {
  if (!("encoding" in stored) || stored.encoding !== "refs") return stored as IrSchema;
  const built = new Map<string, IrType>();
  const building = new Set<string>();
  const decode = (s: StoredType): IrType => {
    if ("$ref" in s) {
      const key = s.$ref;
      const known = built.get(key);
      if (known) return known;
      const body = Object.hasOwn(stored.types, key) ? stored.types[key] : undefined;
      if (!body) throw new Error(`stored IR refers to a type ${key} it does not define`);
      if ("kind" in body && body.kind === "record") {
        // Known before its fields are decoded, so a recursive record (Avro, .proto) refers to itself.
        const rec: RecordType = { ...body, fields: [] };
        built.set(key, rec);
        rec.fields = body.fields.map((f): RecordField => ({ ...f, type: decode(f.type) }));
        return rec;
      }
      if (building.has(key)) throw new Error(`stored IR type ${key} contains itself`);
      building.add(key);
      const t = decode(body);
      building.delete(key);
      built.set(key, t);
      return t;
    }
    switch (s.kind) {
      case "record":
        return { ...s, fields: s.fields.map((f): RecordField => ({ ...f, type: decode(f.type) })) };
      case "union":
        return { ...s, variants: s.variants.map(decode) };
      case "array":
        return { ...s, items: decode(s.items) };
      case "map":
        return { ...s, values: decode(s.values) };
      case "nullable":
        return { ...s, type: decode(s.type) };
      default:
        return { ...s };
    }
  };
  return {
    irVersion: 1,
    name: stored.name,
    source: stored.source,
    root: decode(stored.root),
    ...(stored.limitations?.length ? { limitations: stored.limitations } : {}),
  };
}
