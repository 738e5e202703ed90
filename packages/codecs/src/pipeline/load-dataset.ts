import { extname } from "node:path";
import {
  checkSchemaSize,
  type Dataset,
  type DataValue,
  type IrSchema,
  importAvsc,
  importJsonSchema,
  importProto,
  inferDataset,
  minifiedMessages,
  type ParseLimits,
  parseJsonLossless,
  SchemaImportError,
  type SchemaLimits,
} from "@wirebench/schemas";
import { conformToSchema } from "../schema-bridge/conform-sample.ts";

export type SchemaKind = "jsonschema" | "proto" | "avsc";

export interface SampleInput {
  /** Sample text: a JSON document, a JSON array of records, or NDJSON. */
  text: string;
  sampleFormat?: "json" | "ndjson";
  /** The schema the sample must follow; inferred from the sample when absent. */
  schema?: { kind: SchemaKind; text: string; rootType?: string };
  /** Limits for reading the sample (default: the schemas package's defaults). */
  limits?: Partial<ParseLimits>;
  /** Limits on the schema's expanded size (default: the schemas package's defaults). */
  schemaLimits?: SchemaSizeCheck;
}

/** The schema size limits, and the names a refusal gives them (e.g. the env vars that set them). */
export interface SchemaSizeCheck {
  limits?: Partial<SchemaLimits>;
  settingNames?: { leaves?: string; types?: string };
}

/** `.proto` → proto, `.avsc` → avsc, anything else JSON Schema. */
export function schemaKindOf(fileName: string): SchemaKind {
  const ext = extname(fileName).toLowerCase();
  return ext === ".proto" ? "proto" : ext === ".avsc" ? "avsc" : "jsonschema";
}

/**
 * Imports a schema and refuses one whose shared types expand past the size limits (SchemaImportError
 * naming the limit): every walk after this one (reading a sample, synthetic data) pays for the
 * expanded size, so this is where a 1.8 KB schema describing 262,144-field messages stops.
 */
export function importSchema(s: NonNullable<SampleInput["schema"]>, check: SchemaSizeCheck = {}): IrSchema {
  const ir = importUnchecked(s);
  checkSchemaSize(ir, check.limits, check.settingNames);
  return ir;
}

function importUnchecked(s: NonNullable<SampleInput["schema"]>): IrSchema {
  if (s.kind === "proto") return importProto(s.text, s.rootType);
  // Only a .proto can hold several candidate messages; silently ignoring a root elsewhere would hide a typo.
  if (s.rootType !== undefined)
    throw new SchemaImportError("a root message can only be chosen in a .proto schema");
  if (s.kind === "avsc") return importAvsc(s.text);
  return importJsonSchema(s.text);
}

/**
 * The dataset a comparison runs on: inferred from the sample, or the sample read against a given
 * schema. With a schema, NDJSON lines and the items of a top-level array (when the schema's root is
 * not an array) are the messages.
 */
export function loadDataset(input: SampleInput): Dataset {
  if (!input.schema)
    return inferDataset(input.text, {
      ...(input.sampleFormat ? { sampleFormat: input.sampleFormat } : {}),
      ...(input.limits ? { limits: input.limits } : {}),
    });
  const schema = importSchema(input.schema, input.schemaLimits);
  let values: DataValue[];
  // Each message's text as written (minified): the JSON format reports the user's bytes, not the
  // conformed values re-serialised (enum numbers would become names, field names change).
  let sources: string[];
  if (input.sampleFormat === "ndjson") {
    const lines = input.text
      .split("\n")
      .map((l, i) => [l.trim(), i] as const)
      .filter(([l]) => l !== "");
    values = lines.map(([l, i]) => {
      try {
        return parseJsonLossless(l, input.limits);
      } catch (err) {
        throw new Error(`line ${i + 1}: ${(err as Error).message}`);
      }
    });
    sources = lines.map(([l]) => minifiedMessages(l, false)[0] as string);
  } else {
    const doc = parseJsonLossless(input.text, input.limits);
    const root = schema.root.kind === "nullable" ? schema.root.type : schema.root;
    const items = Array.isArray(doc) && root.kind !== "array";
    values = items ? doc : [doc];
    sources = minifiedMessages(input.text, items);
  }
  if (values.length === 0) throw new Error("the sample has no messages");
  const messages = values.map((v, i) => {
    try {
      return conformToSchema(schema.root, v);
    } catch (err) {
      throw new Error(
        `${values.length > 1 ? `message ${i}: ` : ""}the sample does not follow the schema: ${(err as Error).message}`,
      );
    }
  });
  return { schema, messages, sources };
}
