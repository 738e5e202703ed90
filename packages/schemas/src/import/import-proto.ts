import protobuf from "protobufjs";
import type { IrSchema, IrType, Limitation, RecordType, WellKnownType } from "../ir.ts";
import { SchemaImportError } from "./schema-import-error.ts";
import { UniqueTypeNames } from "./unique-type-names.ts";

export { SchemaImportError } from "./schema-import-error.ts";

/** Every .proto scalar, with the wire encoding it was written with (sint32 is not int32 on the wire). */
const scalars: Record<string, IrType> = {
  double: { kind: "float64" },
  float: { kind: "float32" },
  int32: { kind: "int32" },
  sint32: { kind: "int32", encoding: "zigzag" },
  sfixed32: { kind: "int32", encoding: "fixed" },
  int64: { kind: "int64" },
  sint64: { kind: "int64", encoding: "zigzag" },
  sfixed64: { kind: "int64", encoding: "fixed" },
  uint32: { kind: "uint32" },
  fixed32: { kind: "uint32", encoding: "fixed" },
  uint64: { kind: "uint64" },
  fixed64: { kind: "uint64", encoding: "fixed" },
  bool: { kind: "bool" },
  string: { kind: "string" },
  bytes: { kind: "bytes" },
};

/**
 * Well-known types with a direct IR meaning; other google.protobuf messages import as records. Each
 * keeps its origin (`wellKnown`) so the Protobuf codec can measure the message the user wrote.
 */
const wellKnown: Record<string, IrType> = Object.fromEntries(
  (
    [
      ["Timestamp", { kind: "timestamp" }],
      ["Struct", { kind: "any" }],
      ["Value", { kind: "any" }],
      ["ListValue", { kind: "array", items: { kind: "any", wellKnown: "google.protobuf.Value" } }],
      ["DoubleValue", { kind: "nullable", type: { kind: "float64" } }],
      ["FloatValue", { kind: "nullable", type: { kind: "float32" } }],
      ["Int64Value", { kind: "nullable", type: { kind: "int64" } }],
      ["UInt64Value", { kind: "nullable", type: { kind: "uint64" } }],
      ["Int32Value", { kind: "nullable", type: { kind: "int32" } }],
      ["UInt32Value", { kind: "nullable", type: { kind: "uint32" } }],
      ["BoolValue", { kind: "nullable", type: { kind: "bool" } }],
      ["StringValue", { kind: "nullable", type: { kind: "string" } }],
      ["BytesValue", { kind: "nullable", type: { kind: "bytes" } }],
    ] as [string, IrType][]
  ).map(([name, t]) => [
    `.google.protobuf.${name}`,
    { ...t, wellKnown: `google.protobuf.${name}` as WellKnownType } as IrType,
  ]),
);
const isGoogle = (t: protobuf.ReflectionObject) => t.fullName.startsWith(".google.protobuf.");

/** The message no other message uses: the natural root of a .proto file. */
function pickRoot(messages: protobuf.Type[]): protobuf.Type {
  const used = new Set<string>();
  for (const m of messages)
    for (const f of m.fieldsArray) if (f.resolvedType) used.add(f.resolvedType.fullName);
  return messages.find((m) => !used.has(m.fullName)) ?? messages[0]!;
}

/**
 * Parses one self-contained file. protobufjs's `parse` does not follow imports, so the common
 * google/protobuf/*.proto files it bundles are added by hand; any other import cannot be resolved
 * from a single uploaded file and is refused by name.
 */
function parseRoot(text: string): protobuf.Root {
  const root = new protobuf.Root();
  try {
    const parsed = protobuf.parse(text, root, { keepCase: true });
    for (const file of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
      const common = protobuf.common.get(file);
      if (!common) {
        throw new SchemaImportError(
          `.proto imports "${file}", which cannot be loaded: give one self-contained file ` +
            "(only the google/protobuf/*.proto well-known types are built in)",
        );
      }
      root.addJSON(common.nested ?? {});
    }
    root.resolveAll();
  } catch (err) {
    if (err instanceof SchemaImportError) throw err;
    throw new SchemaImportError(`.proto does not parse: ${(err as Error).message}`);
  }
  return root;
}

/**
 * A .proto file (proto2, proto3 or editions) through protobufjs: messages become records (field
 * numbers kept), scalars keep their wire encoding (sint32, fixed64, …), enums keep their numbers
 * (aliases too), fields with presence (`optional`, proto2, editions' explicit presence) and oneof
 * members are optional fields. The text itself is kept (`original`) so the Protobuf codec measures
 * the user's own schema: packed/unpacked, proto2 defaults and groups stay as written.
 * Nested types that share a short name get distinct IR names (see UniqueTypeNames); a message may
 * contain itself (the IR then holds a cycle).
 */
export function importProto(text: string, rootType?: string): IrSchema {
  const root = parseRoot(text);
  const messages: protobuf.Type[] = [];
  const names = new UniqueTypeNames();
  const walk = (ns: protobuf.NamespaceBase, path: string[]) => {
    for (const n of ns.nestedArray) {
      const here = [...path, n.name];
      // Named in declaration order, so which type keeps a shared short name never depends on the root.
      if (n instanceof protobuf.Type || n instanceof protobuf.Enum) names.name(here);
      if (n instanceof protobuf.Type) messages.push(n);
      if (n instanceof protobuf.Namespace || n instanceof protobuf.Type) walk(n, here);
    }
  };
  walk(root, []);
  const own = messages.filter((m) => !isGoogle(m));
  if (own.length === 0) throw new SchemaImportError(".proto defines no message");
  const top = rootType
    ? own.find((m) => m.name === rootType || m.fullName === `.${rootType}`)
    : pickRoot(own);
  if (!top) {
    // A mistyped root is only fixable when the user can see which messages the file has.
    const choices = own.map((m) => m.fullName.slice(1)).join(", ");
    throw new SchemaImportError(`.proto has no message named ${rootType}; choose from ${choices}`);
  }
  const irName = (t: protobuf.Type | protobuf.Enum) => names.name(t.fullName.slice(1).split("."));

  const done = new Map<string, IrType>();
  // What the IR (and so every other format) cannot carry; the Protobuf codec measures the text itself.
  const limitations: Limitation[] = [];
  const limit = (code: string, at: string, detail: string) => limitations.push({ code, path: at, detail });
  const typeOf = (f: protobuf.Field): IrType => {
    const r = f.resolvedType;
    if (r instanceof protobuf.Enum) {
      const known = done.get(r.fullName);
      if (known) return known;
      const entries = Object.entries(r.values);
      const e: IrType = {
        kind: "enum",
        name: irName(r),
        symbols: entries.map(([k]) => k),
        values: entries.map(([, v]) => v),
      };
      done.set(r.fullName, e);
      return e;
    }
    if (r instanceof protobuf.Type) return wellKnown[r.fullName] ?? record(r);
    return scalars[f.type] ?? { kind: "any" };
  };
  const record = (m: protobuf.Type): RecordType => {
    const known = done.get(m.fullName);
    if (known) return known as RecordType;
    const rec: RecordType = { kind: "record", name: irName(m), fields: [] };
    // Known before its fields are read, so a field may refer back to it (a recursive message).
    done.set(m.fullName, rec);
    if (m.fullName === ".google.protobuf.Duration" || m.fullName === ".google.protobuf.FieldMask")
      rec.wellKnown = m.fullName.slice(1) as WellKnownType;
    for (const f of m.fieldsArray) {
      const at = `${rec.name}.${f.name}`;
      if (f instanceof protobuf.MapField && f.keyType !== "string")
        limit("map-key-as-string", at, `map<${f.keyType}, …> keys are carried as strings by other formats`);
      // proto3 `optional` is a synthetic one-field oneof named `_field`: plain presence, no choice.
      const synthetic = f.partOf?.name === `_${f.name}` && f.partOf.oneof.length === 1;
      if (f.partOf && !synthetic)
        limit(
          "oneof-as-optional",
          at,
          `member of oneof ${f.partOf.name}: other formats carry it as an optional field`,
        );
      const dflt = f.getOption("default");
      if (dflt !== undefined)
        limit(
          "default-dropped",
          at,
          `[default = ${dflt}] applies to Protobuf only; other formats read an absent field as absent`,
        );
      let type: IrType = typeOf(f);
      if (f instanceof protobuf.MapField) type = { kind: "map", values: type };
      else if (f.repeated) type = { kind: "array", items: type };
      // Message fields always have presence (protoc's rule), whatever the syntax says for scalars.
      // (A wrapper such as Int32Value is a nullable already.)
      const message =
        f.resolvedType instanceof protobuf.Type && wellKnown[f.resolvedType.fullName]?.kind !== "nullable";
      const optional =
        !f.repeated &&
        !(f instanceof protobuf.MapField) &&
        (f.hasPresence || !!f.partOf || message) &&
        !f.required;
      rec.fields.push({ name: f.name, number: f.id, type, optional });
    }
    return rec;
  };
  const r = record(top);
  return {
    irVersion: 1,
    name: r.name,
    root: r,
    source: "proto",
    original: { idl: "proto", text, rootType: top.fullName.slice(1) },
    ...(limitations.length > 0 ? { limitations } : {}),
  };
}
