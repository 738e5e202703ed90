import type { IrSchema, IrType, RecordType } from "../ir.ts";
import { usesKind } from "../measure/uses-kind.ts";
import { avroReserved } from "../naming/reserved-words.ts";
import { adaptedParts, adaptIr } from "./adapt-ir.ts";
import type { EmittedSchema } from "./emitted-schema.ts";
import {
  encodingRule,
  narrowRule,
  scalarLimitations,
  timestampRule,
  widenRule,
} from "./scalar-limitations.ts";

const primitive: Record<string, unknown> = {
  bool: "boolean",
  int32: "int",
  int64: "long",
  uint32: "long",
  uint64: "long",
  float32: "float",
  float64: "double",
  string: "string",
  bytes: "bytes",
  timestamp: { type: "long", logicalType: "timestamp-millis" },
  any: "string",
  null: "null",
};

/** Avro schema JSON for avsc: optional and nullable fields are ["null", T] with default null. */
export function emitAvsc(schema: IrSchema): EmittedSchema {
  const adapted = adaptIr(
    schema,
    {
      nestedArrays: true,
      nullableItems: true,
      complexMapValues: true,
      maps: true,
      nullableScalars: true,
      nullType: true,
    },
    {
      types: { style: "UpperCamel", reserved: avroReserved, underscores: true, prefix: "T", loose: false },
      fields: { style: "keep", reserved: avroReserved, underscores: true, prefix: "f", loose: false },
      symbols: { style: "keep", reserved: avroReserved, underscores: true, prefix: "S", loose: false },
    },
  );
  const defined = new Set<string>();
  const avro = (t: IrType): unknown => {
    switch (t.kind) {
      case "record":
        if (defined.has(t.name)) return t.name;
        defined.add(t.name);
        return {
          type: "record",
          name: t.name,
          fields: t.fields.map((f) => {
            const inner = f.type.kind === "nullable" ? f.type.type : f.type;
            const nullable = (f.optional || f.type.kind === "nullable") && inner.kind !== "null";
            return nullable
              ? { name: f.name, type: ["null", avro(inner)], default: null }
              : { name: f.name, type: avro(inner) };
          }),
        };
      case "enum":
        if (defined.has(t.name)) return t.name;
        defined.add(t.name);
        return { type: "enum", name: t.name, symbols: t.symbols };
      case "array":
        return { type: "array", items: avro(t.items) };
      case "map":
        return { type: "map", values: avro(t.values) };
      case "nullable":
        return ["null", avro(t.type)];
      default:
        return primitive[t.kind] ?? "string";
    }
  };
  const root = adapted.schema.root as RecordType;
  const text = JSON.stringify({ namespace: "wirebench", ...(avro(root) as object) }, null, 2);
  if (adapted.schema.root.kind === "record" && usesKind(schema.root, "uint64")) {
    adapted.notes.push("uint64 is carried as Avro long: values above 2^63-1 do not fit");
  }
  adapted.limitations.push(
    ...scalarLimitations(schema.root, schema.name, [
      widenRule("uint64", "uint64-as-long", "uint64 is carried as Avro long: values above 2^63-1 do not fit"),
      widenRule("uint32", "uint32-as-long", "uint32 is carried as Avro long (Avro has no unsigned int)"),
      encodingRule("Avro", (e) => e === "zigzag", "as a zigzag varint"),
      timestampRule,
      narrowRule("Avro"),
    ]),
  );
  return { idl: "avsc", fileName: "wirebench.avsc", text, rootType: root.name, ...adaptedParts(adapted) };
}
