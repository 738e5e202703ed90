import avro from "avsc";
import type { IrSchema, IrType, RecordType } from "../ir.ts";
import { SchemaImportError } from "./import-proto.ts";

type AvroSchema = string | AvroSchema[] | { type: AvroSchema; [k: string]: unknown };

const primitives: Record<string, IrType> = {
  boolean: { kind: "bool" },
  int: { kind: "int32" },
  long: { kind: "int64" },
  float: { kind: "float32" },
  double: { kind: "float64" },
  string: { kind: "string" },
  bytes: { kind: "bytes" },
  null: { kind: "any" },
};

/** An .avsc file through avsc: ["null", T] unions are nullable, other unions stay unions. */
export function importAvsc(text: string): IrSchema {
  let json: AvroSchema;
  try {
    json = JSON.parse(text);
    avro.Type.forSchema(json as avro.Schema);
  } catch (err) {
    throw new SchemaImportError(`.avsc does not parse: ${(err as Error).message}`);
  }
  const named = new Map<string, IrType>();
  const short = (n: string) => n.split(".").pop()!;
  let unions = 0;
  const typeOf = (s: AvroSchema): IrType => {
    if (typeof s === "string") return primitives[s] ?? named.get(short(s)) ?? { kind: "any" };
    if (Array.isArray(s)) {
      const nonNull = s.filter((x) => x !== "null");
      const inner: IrType =
        nonNull.length === 1
          ? typeOf(nonNull[0]!)
          : { kind: "union", name: `Union${++unions}`, variants: nonNull.map(typeOf) };
      return nonNull.length < s.length ? { kind: "nullable", type: inner } : inner;
    }
    const t = s.type;
    if (typeof t !== "string") return typeOf(t);
    if (s.logicalType === "timestamp-millis" || s.logicalType === "timestamp-micros")
      return { kind: "timestamp" };
    switch (t) {
      case "record":
      case "error": {
        const rec: RecordType = { kind: "record", name: short(String(s.name)), fields: [] };
        named.set(rec.name, rec);
        (s.fields as { name: string; type: AvroSchema }[]).forEach((f, i) => {
          rec.fields.push({ name: f.name, number: i + 1, type: typeOf(f.type), optional: false });
        });
        return rec;
      }
      case "enum": {
        const e: IrType = { kind: "enum", name: short(String(s.name)), symbols: s.symbols as string[] };
        named.set(e.name, e);
        return e;
      }
      case "array":
        return { kind: "array", items: typeOf(s.items as AvroSchema) };
      case "map":
        return { kind: "map", values: typeOf(s.values as AvroSchema) };
      case "fixed":
        return { kind: "bytes" };
      default:
        return typeOf(t);
    }
  };
  const root = typeOf(json);
  if (root.kind !== "record") throw new SchemaImportError(".avsc must describe a record at the top");
  return { irVersion: 1, name: root.name, root, source: "avsc" };
}
