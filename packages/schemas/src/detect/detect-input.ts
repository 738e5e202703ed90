import { isJsonSchemaText } from "./looks-like-json-schema.ts";
import { type SampleFormat, type SchemaKind, sampleFormatOf, schemaKindByExtension } from "./schema-kinds.ts";

export type DetectedInput =
  | { type: "sample"; sampleFormat: SampleFormat }
  | { type: "schema"; kind: SchemaKind };

/**
 * What a file that may be a sample or a schema is (the upload form's drop box, `wirebench infer`):
 * .proto, .avsc, .thrift, .fbs and .capnp by extension; .ndjson and .jsonl are NDJSON samples;
 * anything else is a JSON Schema when looksLikeJsonSchema says so, else a JSON sample. Text pasted
 * without a file name is decided by its content alone (`fileName` "").
 */
export function detectInput(fileName: string, text: string): DetectedInput {
  const kind = schemaKindByExtension(fileName);
  if (kind) return { type: "schema", kind };
  const sampleFormat = sampleFormatOf(fileName);
  if (sampleFormat === "json" && isJsonSchemaText(text)) return { type: "schema", kind: "jsonschema" };
  return { type: "sample", sampleFormat };
}

/**
 * Why a sample given without a schema is refused, or null: a JSON Schema sent as the sample would be
 * measured as data. The run API's input check and `wirebench compare` both ask this, and each says how
 * to pass the schema instead.
 */
export function schemaAsSampleProblem(text: string, sampleFormat: SampleFormat): string | null {
  return sampleFormat === "json" && isJsonSchemaText(text) ? "this is a JSON Schema, not data" : null;
}
