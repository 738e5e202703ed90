import { readFileSync } from "node:fs";
import { extname } from "node:path";

export type SchemaKind = "jsonschema" | "proto" | "avsc";

/** Sample kind by extension: .ndjson/.jsonl are NDJSON, anything else JSON. */
export function sampleFormatOf(path: string): "json" | "ndjson" {
  return [".ndjson", ".jsonl"].includes(extname(path).toLowerCase()) ? "ndjson" : "json";
}

/** Schema kind by extension: .proto, .avsc, and .json for JSON Schema. */
export function schemaKindOf(path: string): SchemaKind {
  const ext = extname(path).toLowerCase();
  if (ext === ".proto") return "proto";
  if (ext === ".avsc") return "avsc";
  if (ext === ".json") return "jsonschema";
  throw new Error(`cannot tell the schema kind of ${path}: use .proto, .avsc or .json (JSON Schema)`);
}

export function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
