import {
  checkSchemaSize,
  type Dataset,
  type DataValue,
  type IrSchema,
  importAvsc,
  importCapnpRequest,
  importFbsReflection,
  importJsonSchema,
  importProto,
  importThriftXml,
  inferDataset,
  minifiedMessages,
  type ParseLimits,
  parseJsonLossless,
  SchemaImportError,
  type SchemaLimits,
} from "@wirebench/schemas";
import { type SchemaKind, schemaHasRoots } from "@wirebench/schemas/detect";
import { capnpCodeGeneratorRequest, fbsReflectionJson, thriftXml } from "../codegen/compile-idl.ts";
import { unwrapAvroUnions } from "../schema-bridge/avro-json.ts";
import { conformToSchema } from "../schema-bridge/conform-sample.ts";

export { type SchemaKind, schemaKindOf, schemaKinds } from "@wirebench/schemas/detect";

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

/** .thrift, .fbs and .capnp go through their compiler first (compile-idl.ts); the text is kept as `original`. */
function importUnchecked(s: NonNullable<SampleInput["schema"]>): IrSchema {
  // JSON Schema and .avsc describe one root; silently ignoring a root there would hide a typo.
  if (s.rootType !== undefined && !schemaHasRoots(s.kind))
    throw new SchemaImportError(
      "a root message can only be chosen in a .proto, .thrift, .fbs or .capnp schema",
    );
  switch (s.kind) {
    case "proto":
      return importProto(s.text, s.rootType);
    case "thrift":
      return importThriftXml(thriftXml(s.text), s.rootType, s.text);
    case "fbs":
      return importFbsReflection(fbsReflectionJson(s.text), s.rootType, s.text);
    case "capnp":
      return importCapnpRequest(capnpCodeGeneratorRequest(s.text), s.rootType, s.text);
    case "avsc":
      return importAvsc(s.text);
    default:
      return importJsonSchema(s.text);
  }
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
      // An .avsc user's sample may be in Avro's own JSON encoding (union values wrapped by branch).
      return conformToSchema(schema.root, schema.source === "avsc" ? unwrapAvroUnions(schema.root, v) : v);
    } catch (err) {
      throw new Error(
        `${values.length > 1 ? `message ${i}: ` : ""}the sample does not follow the schema: ${(err as Error).message}`,
      );
    }
  });
  return { schema, messages, sources };
}
