import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { schemaKindOf as kindByExtension, type SchemaKind } from "@wirebench/codecs";

/** Sample kind by extension: .ndjson/.jsonl are NDJSON, anything else JSON. */
export function sampleFormatOf(path: string): "json" | "ndjson" {
  return [".ndjson", ".jsonl"].includes(extname(path).toLowerCase()) ? "ndjson" : "json";
}

/** Schema kind by extension: .proto, .avsc, .thrift, .fbs, .capnp, and .json for JSON Schema. */
export function schemaKindOf(path: string): SchemaKind {
  if (extname(path).toLowerCase() === ".json") return "jsonschema";
  // The codecs package reads any other extension as JSON Schema; here a typo is an error instead.
  const kind = kindByExtension(path);
  if (kind !== "jsonschema") return kind;
  throw new Error(
    `cannot tell the schema kind of ${path}: use .proto, .avsc, .thrift, .fbs, .capnp or .json (JSON Schema)`,
  );
}

export function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
