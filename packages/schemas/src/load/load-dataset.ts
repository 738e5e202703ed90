import { unwrapAvroUnions } from "../conform/avro-json.ts";
import { conformToSchema } from "../conform/conform-sample.ts";
import type { SampleFormat } from "../detect/schema-kinds.ts";
import { inferDataset } from "../infer/infer-dataset.ts";
import type { Dataset, DataValue } from "../ir.ts";
import type { ParseLimits } from "../parse/limits.ts";
import { minifiedMessages } from "../parse/minify-json.ts";
import { parseJsonLossless } from "../parse/parse-json-lossless.ts";
import type { IdlCompilers } from "./idl-compilers.ts";
import { importSchema, type SchemaInput, type SchemaSizeCheck } from "./import-schema.ts";

export interface SampleInput {
  /** Sample text: a JSON document, a JSON array of records, or NDJSON. */
  text: string;
  sampleFormat?: SampleFormat;
  /** The schema the sample must follow; inferred from the sample when absent. */
  schema?: SchemaInput;
  /** Limits for reading the sample (default: the schemas package's defaults). */
  limits?: Partial<ParseLimits>;
  /** Limits on the schema's expanded size (default: the schemas package's defaults). */
  schemaLimits?: SchemaSizeCheck;
}

/**
 * The dataset a comparison runs on: inferred from the sample, or the sample read against a given
 * schema. With a schema, NDJSON lines and the items of a top-level array (when the schema's root is
 * not an array) are the messages. A .thrift, .fbs or .capnp schema needs `compilers` (IdlCompilers).
 */
export function loadDataset(input: SampleInput, compilers?: IdlCompilers): Dataset {
  if (!input.schema)
    return inferDataset(input.text, {
      ...(input.sampleFormat ? { sampleFormat: input.sampleFormat } : {}),
      ...(input.limits ? { limits: input.limits } : {}),
    });
  const schema = importSchema(input.schema, input.schemaLimits, compilers);
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
