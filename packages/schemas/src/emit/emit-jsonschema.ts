import type { IrSchema, IrType, RecordType } from "../ir.ts";
import { namedTypes } from "./adapt-ir.ts";
import type { EmittedSchema } from "./emitted-schema.ts";

/** JSON-Pointer escaping for a $defs key inside a $ref. */
const pointer = (name: string) =>
  `#/$defs/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;

const scalar: Record<string, object> = {
  bool: { type: "boolean" },
  int32: { type: "integer", format: "int32" },
  int64: { type: "integer", format: "int64" },
  uint32: { type: "integer", format: "uint32", minimum: 0 },
  uint64: { type: "integer", format: "uint64", minimum: 0 },
  float32: { type: "number", format: "float" },
  float64: { type: "number", format: "double" },
  bytes: { type: "string", contentEncoding: "base64" },
  timestamp: { type: "string", format: "date-time", "x-wirebench-type": "timestamp" },
  any: {},
  null: { type: "null" },
};

function schemaOf(t: IrType): object {
  switch (t.kind) {
    case "record":
    case "enum":
      return { $ref: pointer(t.name) };
    case "array":
      return { type: "array", items: schemaOf(t.items) };
    case "map":
      return { type: "object", additionalProperties: schemaOf(t.values), "x-wirebench-type": "map" };
    case "nullable":
      return { anyOf: [schemaOf(t.type), { type: "null" }] };
    case "union":
      return { anyOf: t.variants.map(schemaOf) };
    case "string":
      return t.format ? { type: "string", format: t.format } : { type: "string" };
    default:
      return scalar[t.kind] ?? {};
  }
}

/**
 * JSON Schema 2020-12 with every record and enum in $defs. Names stay the originals (JSON Schema
 * takes any key), so nothing needs sanitising; `format` keeps int64 vs int32 for a round trip.
 */
export function emitJsonSchema(schema: IrSchema): EmittedSchema {
  const defs: Record<string, object> = {};
  const types: Record<string, string> = {};
  const fields: Record<string, Record<string, string>> = {};
  const enumSymbols: Record<string, Record<string, string>> = {};
  for (const t of namedTypes(schema.root)) {
    types[t.name] = t.name;
    if (t.kind === "enum") {
      defs[t.name] = { type: "string", enum: t.symbols };
      enumSymbols[t.name] = Object.fromEntries(t.symbols.map((s) => [s, s]));
    } else if (t.kind === "record") {
      fields[t.name] = Object.fromEntries(t.fields.map((f) => [f.name, f.name]));
      const required = t.fields.filter((f) => !f.optional).map((f) => f.name);
      defs[t.name] = {
        type: "object",
        properties: Object.fromEntries(
          t.fields.map((f) => [f.name, { ...schemaOf(f.type), "x-field-number": f.number }]),
        ),
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      };
    }
  }
  const root = schema.root as RecordType;
  const doc = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: schema.name,
    $ref: pointer(root.name),
    $defs: defs,
  };
  return {
    idl: "jsonschema",
    fileName: "wirebench.schema.json",
    text: JSON.stringify(doc, null, 2),
    rootType: root.name,
    types,
    fields,
    enumSymbols,
    notes: [],
    limitations: [],
    renames: [],
    ir: schema,
  };
}
