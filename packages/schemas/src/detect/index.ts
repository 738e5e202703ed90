/**
 * `@wirebench/schemas/detect`: what an input is (sample or schema, which schema language, JSON or
 * NDJSON). One detector for the CLI, the web upload form and the run API. It imports nothing but its
 * own files, so the browser bundle that imports it carries no parser or importer.
 */
export { type DetectedInput, detectInput, schemaAsSampleProblem } from "./detect-input.ts";
export { isJsonSchemaText, jsonSchemaTopKeys, looksLikeJsonSchema } from "./looks-like-json-schema.ts";
export {
  extensionOf,
  type SampleFormat,
  type SchemaKind,
  sampleFormatOf,
  schemaHasRoots,
  schemaKindByExtension,
  schemaKindOf,
  schemaKinds,
} from "./schema-kinds.ts";
