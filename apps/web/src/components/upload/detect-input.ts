export type SchemaKind = "jsonschema" | "proto" | "avsc" | "thrift" | "fbs" | "capnp";
const schemaExtensions: [string, SchemaKind][] = [
  [".proto", "proto"],
  [".avsc", "avsc"],
  [".thrift", "thrift"],
  [".fbs", "fbs"],
  [".capnp", "capnp"],
];
/** Schema kinds whose file may hold several types, so the user may name the root (`rootType`). */
export const schemaHasRoots = (kind: SchemaKind) => kind !== "jsonschema" && kind !== "avsc";

export type DetectedInput =
  | { type: "sample"; sampleFormat: "json" | "ndjson" }
  | { type: "schema"; kind: SchemaKind };

/**
 * Decides what a dropped file is: by extension first, and for .json by content (a top-level
 * `$schema`, or `type: "object"` with `properties`, is a JSON Schema).
 */
export function detectInput(fileName: string, content: string): DetectedInput {
  const name = fileName.toLowerCase();
  const byExtension = schemaExtensions.find(([ext]) => name.endsWith(ext));
  if (byExtension) return { type: "schema", kind: byExtension[1] };
  if (name.endsWith(".ndjson") || name.endsWith(".jsonl")) return { type: "sample", sampleFormat: "ndjson" };
  try {
    const v = JSON.parse(content) as Record<string, unknown>;
    if (
      v &&
      typeof v === "object" &&
      !Array.isArray(v) &&
      ("$schema" in v || (v.type === "object" && "properties" in v))
    ) {
      return { type: "schema", kind: "jsonschema" };
    }
  } catch {
    // not JSON at all: left for the sample check to explain
  }
  return { type: "sample", sampleFormat: "json" };
}

/** The problem with a sample before it is sent, or null; the server checks again with exact numbers. */
export function checkSample(
  text: string,
  sampleFormat: "json" | "ndjson",
  hasSchema: boolean,
): string | null {
  if (!text.trim()) return hasSchema ? null : "Paste a JSON sample, drop a file or pick a preset.";
  const docs =
    sampleFormat === "ndjson" ? text.split("\n").map((l, i) => [l, i + 1] as const) : [[text, 0] as const];
  for (const [doc, line] of docs) {
    if (!doc.trim()) continue;
    try {
      JSON.parse(doc);
    } catch (err) {
      return `${line ? `Line ${line}: ` : ""}not valid JSON: ${(err as Error).message}`;
    }
  }
  return null;
}
