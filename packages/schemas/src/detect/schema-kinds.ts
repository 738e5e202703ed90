/** The schema languages Wirebench reads. */
export const schemaKinds = ["jsonschema", "proto", "avsc", "thrift", "fbs", "capnp"] as const;
export type SchemaKind = (typeof schemaKinds)[number];

/** How a sample's text holds its messages: one JSON document (or an array of records), or NDJSON. */
export type SampleFormat = "json" | "ndjson";

const byExtension: Record<string, SchemaKind> = {
  ".proto": "proto",
  ".avsc": "avsc",
  ".thrift": "thrift",
  ".fbs": "fbs",
  ".capnp": "capnp",
};

/** The extensions read as NDJSON samples. */
const ndjsonExtensions = new Set([".ndjson", ".jsonl"]);

/**
 * The file name's extension in lower case with its dot, "" for none. Written out rather than taken
 * from node:path so the browser's upload form runs the same code; like node's extname, a leading dot
 * (".proto" as a whole name) is no extension.
 */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "";
}

/** The schema language an IDL file is written in, by its extension; undefined for any other file. */
export function schemaKindByExtension(fileName: string): SchemaKind | undefined {
  return byExtension[extensionOf(fileName)];
}

/** A sample file's format by its extension: .ndjson and .jsonl are NDJSON, anything else JSON. */
export function sampleFormatOf(fileName: string): SampleFormat {
  return ndjsonExtensions.has(extensionOf(fileName)) ? "ndjson" : "json";
}

/**
 * The kind of a file the user names as a schema (`--schema`): an IDL by its extension, anything else
 * (`.json`, `.schema`, no extension) JSON Schema, whose importer then says what is wrong with a file
 * that is not one. The CLI's `compare` and `ci` both read `--schema` through this.
 */
export function schemaKindOf(fileName: string): SchemaKind {
  return schemaKindByExtension(fileName) ?? "jsonschema";
}

/** Schema kinds whose file may hold several types, so a root type may be chosen (`rootType`, `--root`). */
export function schemaHasRoots(kind: SchemaKind): boolean {
  return kind === "proto" || kind === "thrift" || kind === "fbs" || kind === "capnp";
}
