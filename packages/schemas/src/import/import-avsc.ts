import avro from "avsc";
import type { IrSchema, IrType, Limitation, RecordType } from "../ir.ts";
import { defaultParseLimits } from "../parse/limits.ts";
import { checkJsonShape } from "../parse/parse-json-lossless.ts";
import { SchemaImportError } from "./schema-import-error.ts";
import { UniqueTypeNames } from "./unique-type-names.ts";

type AvroSchema = string | AvroSchema[] | { type: AvroSchema; [k: string]: unknown };

const primitives: Record<string, IrType> = {
  boolean: { kind: "bool" },
  int: { kind: "int32" },
  long: { kind: "int64" },
  float: { kind: "float32" },
  double: { kind: "float64" },
  string: { kind: "string" },
  bytes: { kind: "bytes" },
  null: { kind: "null" },
};

/**
 * Logical types the IR has no kind for: the value is measured as the underlying Avro type it is
 * written as (exact bytes), and the meaning is reported, since other formats will not carry it.
 */
const logicalKept = new Set([
  "decimal",
  "date",
  "time-millis",
  "time-micros",
  "timestamp-micros",
  "timestamp-nanos",
  "local-timestamp-millis",
  "local-timestamp-micros",
  "local-timestamp-nanos",
  "duration",
]);

/** Avro's rule: a dotted name is already full; otherwise it lives in the given or enclosing namespace. */
function fullNameOf(name: string, namespace: string): string {
  return name.includes(".") || !namespace ? name : `${namespace}.${name}`;
}
const namespaceOf = (fullName: string) => fullName.slice(0, Math.max(0, fullName.lastIndexOf(".")));

/**
 * An .avsc file through avsc: every primitive (`null` too, a type of its own), ["null", T] unions are
 * nullable, other unions stay unions, `fixed` is bytes, timestamp-millis a timestamp, uuid a string
 * of format uuid; other logical types keep their underlying type and are reported. Named types are
 * tracked by full name (namespaces resolved as Avro does), so `a.Item` and `b.Item` stay two types
 * with distinct IR names; a record may contain itself (the IR then holds a cycle). The text is kept (`original`)
 * so the Avro codec measures the user's own schema.
 */
export function importAvsc(text: string): IrSchema {
  let json: AvroSchema;
  try {
    // Both avsc and the walk below recurse per level: refuse absurd nesting before either runs.
    checkJsonShape(text, defaultParseLimits);
    json = JSON.parse(text);
    avro.Type.forSchema(json as avro.Schema);
  } catch (err) {
    throw new SchemaImportError(`.avsc does not parse: ${(err as Error).message}`);
  }
  const named = new Map<string, IrType>();
  const names = new UniqueTypeNames();
  const path: string[] = [];
  const limitations: Limitation[] = [];
  let unions = 0;

  const typeOf = (s: AvroSchema, ns: string): IrType => {
    if (typeof s === "string") {
      const primitive = primitives[s];
      if (primitive) return primitive;
      const inNamespace = fullNameOf(s, ns);
      const full = named.has(inNamespace) ? inNamespace : s;
      return named.get(full) ?? { kind: "any" };
    }
    if (Array.isArray(s)) {
      const nonNull = s.filter((x) => x !== "null");
      if (nonNull.length === 0) return { kind: "null" };
      const inner: IrType =
        nonNull.length === 1
          ? typeOf(nonNull[0]!, ns)
          : { kind: "union", name: `Union${++unions}`, variants: nonNull.map((v) => typeOf(v, ns)) };
      return nonNull.length < s.length ? { kind: "nullable", type: inner } : inner;
    }
    const t = s.type;
    if (typeof t !== "string") return typeOf(t, ns);
    if (s.logicalType === "timestamp-millis" && t === "long") return { kind: "timestamp" };
    if (s.logicalType === "uuid" && t === "string") return { kind: "string", format: "uuid" };
    if (typeof s.logicalType === "string" && logicalKept.has(s.logicalType)) {
      limitations.push({
        code: "logical-type-as-underlying",
        path: path[path.length - 1] ?? "",
        detail: `Avro logical type ${s.logicalType} is measured as its ${t}; other formats carry the ${t} without its meaning`,
      });
    }
    const declaredFull = () => fullNameOf(String(s.name), typeof s.namespace === "string" ? s.namespace : ns);
    const declared = () => {
      const full = declaredFull();
      return { full, name: names.name(full.split(".")) };
    };
    switch (t) {
      case "record":
      case "error": {
        const { full, name } = declared();
        const rec: RecordType = { kind: "record", name, fields: [] };
        // Known before its fields are read, so a field may refer back to it (a recursive type).
        named.set(full, rec);
        (s.fields as { name: string; type: AvroSchema }[]).forEach((f, i) => {
          path.push(`${name}.${f.name}`);
          rec.fields.push({
            name: f.name,
            number: i + 1,
            type: typeOf(f.type, namespaceOf(full)),
            optional: false,
          });
          path.pop();
        });
        return rec;
      }
      case "enum": {
        const { full, name } = declared();
        const e: IrType = { kind: "enum", name, symbols: s.symbols as string[] };
        named.set(full, e);
        return e;
      }
      case "fixed": {
        const b: IrType = { kind: "bytes" };
        // Only the full name: a fixed becomes bytes, so it takes no IR name from a record or enum.
        named.set(declaredFull(), b);
        return b;
      }
      case "array":
        return { kind: "array", items: typeOf(s.items as AvroSchema, ns) };
      case "map":
        return { kind: "map", values: typeOf(s.values as AvroSchema, ns) };
      default:
        return typeOf(t, ns);
    }
  };
  const root = typeOf(json, "");
  if (root.kind !== "record") throw new SchemaImportError(".avsc must describe a record at the top");
  const topName = fullNameOf(
    String((json as { name?: unknown }).name),
    String((json as { namespace?: unknown }).namespace ?? ""),
  );
  return {
    irVersion: 1,
    name: root.name,
    root,
    source: "avsc",
    original: { idl: "avsc", text, rootType: topName },
    ...(limitations.length > 0 ? { limitations } : {}),
  };
}
