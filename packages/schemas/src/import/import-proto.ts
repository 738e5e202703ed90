import protobuf from "protobufjs";
import type { IrSchema, IrType, RecordType } from "../ir.ts";
import { recursiveTypeError, SchemaImportError } from "./schema-import-error.ts";
import { UniqueTypeNames } from "./unique-type-names.ts";

export { SchemaImportError } from "./schema-import-error.ts";

const scalars: Record<string, IrType> = {
  double: { kind: "float64" },
  float: { kind: "float32" },
  int32: { kind: "int32" },
  sint32: { kind: "int32" },
  sfixed32: { kind: "int32" },
  int64: { kind: "int64" },
  sint64: { kind: "int64" },
  sfixed64: { kind: "int64" },
  uint32: { kind: "uint32" },
  fixed32: { kind: "uint32" },
  uint64: { kind: "uint64" },
  fixed64: { kind: "uint64" },
  bool: { kind: "bool" },
  string: { kind: "string" },
  bytes: { kind: "bytes" },
};

/** Well-known types with a direct IR meaning; other google.protobuf messages import as records. */
const wellKnown: Record<string, IrType> = {
  ".google.protobuf.Timestamp": { kind: "timestamp" },
  ".google.protobuf.Struct": { kind: "any" },
  ".google.protobuf.Value": { kind: "any" },
  ".google.protobuf.ListValue": { kind: "array", items: { kind: "any" } },
  ".google.protobuf.DoubleValue": { kind: "nullable", type: { kind: "float64" } },
  ".google.protobuf.FloatValue": { kind: "nullable", type: { kind: "float32" } },
  ".google.protobuf.Int64Value": { kind: "nullable", type: { kind: "int64" } },
  ".google.protobuf.UInt64Value": { kind: "nullable", type: { kind: "uint64" } },
  ".google.protobuf.Int32Value": { kind: "nullable", type: { kind: "int32" } },
  ".google.protobuf.UInt32Value": { kind: "nullable", type: { kind: "uint32" } },
  ".google.protobuf.BoolValue": { kind: "nullable", type: { kind: "bool" } },
  ".google.protobuf.StringValue": { kind: "nullable", type: { kind: "string" } },
  ".google.protobuf.BytesValue": { kind: "nullable", type: { kind: "bytes" } },
};
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
 * A .proto file (proto2 or proto3) through protobufjs: messages become records (field numbers kept),
 * enums keep their numbers, `optional`/proto2 `optional` and oneof members are optional fields.
 * Nested types that share a short name get distinct IR names (see UniqueTypeNames); a message that
 * contains itself is refused.
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
  const inProgress: string[] = [];
  const path: string[] = [];
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
    const at = inProgress.indexOf(m.fullName);
    if (at >= 0) throw recursiveTypeError(irName(m), path.slice(at));
    inProgress.push(m.fullName);
    const rec: RecordType = { kind: "record", name: irName(m), fields: [] };
    for (const f of m.fieldsArray) {
      path.push(`${rec.name}.${f.name}`);
      let type: IrType = typeOf(f);
      path.pop();
      if (f instanceof protobuf.MapField) type = { kind: "map", values: type };
      else if (f.repeated) type = { kind: "array", items: type };
      const optional =
        !f.repeated && !(f instanceof protobuf.MapField) && (f.hasPresence || !!f.partOf) && !f.required;
      rec.fields.push({ name: f.name, number: f.id, type, optional });
    }
    inProgress.pop();
    done.set(m.fullName, rec);
    return rec;
  };
  const r = record(top);
  return { irVersion: 1, name: r.name, root: r, source: "proto" };
}
