import protobuf from "protobufjs";
import type { IrSchema, IrType, RecordType } from "../ir.ts";

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

export class SchemaImportError extends Error {
  override name = "SchemaImportError";
}

/** The message no other message uses: the natural root of a .proto file. */
function pickRoot(messages: protobuf.Type[]): protobuf.Type {
  const used = new Set<string>();
  for (const m of messages)
    for (const f of m.fieldsArray) if (f.resolvedType) used.add(f.resolvedType.fullName);
  return messages.find((m) => !used.has(m.fullName)) ?? messages[0]!;
}

/**
 * A .proto file (proto2 or proto3) through protobufjs: messages become records (field numbers kept),
 * enums keep their numbers, `optional`/proto2 `optional` and oneof members are optional fields.
 */
export function importProto(text: string, rootType?: string): IrSchema {
  let root: protobuf.Root;
  try {
    root = protobuf.parse(text, { keepCase: true }).root;
    root.resolveAll();
  } catch (err) {
    throw new SchemaImportError(`.proto does not parse: ${(err as Error).message}`);
  }
  const messages: protobuf.Type[] = [];
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const n of ns.nestedArray) {
      if (n instanceof protobuf.Type) messages.push(n);
      if (n instanceof protobuf.Namespace || n instanceof protobuf.Type) walk(n);
    }
  };
  walk(root);
  if (messages.length === 0) throw new SchemaImportError(".proto defines no message");
  const top = rootType
    ? messages.find((m) => m.name === rootType || m.fullName === `.${rootType}`)
    : pickRoot(messages);
  if (!top) throw new SchemaImportError(`.proto has no message named ${rootType}`);

  const done = new Map<string, IrType>();
  const typeOf = (f: protobuf.Field): IrType => {
    const r = f.resolvedType;
    if (r instanceof protobuf.Enum) {
      const known = done.get(r.fullName);
      if (known) return known;
      const entries = Object.entries(r.values);
      const e: IrType = {
        kind: "enum",
        name: r.name,
        symbols: entries.map(([k]) => k),
        values: entries.map(([, v]) => v),
      };
      done.set(r.fullName, e);
      return e;
    }
    if (r instanceof protobuf.Type) {
      if (r.fullName === ".google.protobuf.Timestamp") return { kind: "timestamp" };
      return record(r);
    }
    return scalars[f.type] ?? { kind: "any" };
  };
  const record = (m: protobuf.Type): RecordType => {
    const known = done.get(m.fullName);
    if (known) return known as RecordType;
    const rec: RecordType = { kind: "record", name: m.name, fields: [] };
    done.set(m.fullName, rec);
    for (const f of m.fieldsArray) {
      let type: IrType = typeOf(f);
      if (f instanceof protobuf.MapField) type = { kind: "map", values: type };
      else if (f.repeated) type = { kind: "array", items: type };
      const optional =
        !f.repeated && !(f instanceof protobuf.MapField) && (f.hasPresence || !!f.partOf) && !f.required;
      rec.fields.push({ name: f.name, number: f.id, type, optional });
    }
    return rec;
  };
  const r = record(top);
  return { irVersion: 1, name: r.name, root: r, source: "proto" };
}
