const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Keys one of which a JSON Schema names at its top and a sample seldom does. A caller that has only
 * the top-level keys (the CLI infers a streamed sample before it would parse the file whole) parses
 * the text for looksLikeJsonSchema only when one of these is there.
 */
export const jsonSchemaTopKeys: ReadonlySet<string> = new Set([
  "$schema",
  "$ref",
  "$defs",
  "properties",
  "definitions",
]);

/** Keywords a schema definition has at least one of. */
const definitionKeys = ["type", "properties", "$ref", "enum", "anyOf", "oneOf", "allOf", "items", "const"];

/**
 * Whether a parsed JSON document is a JSON Schema rather than data: it has `$schema`, a `$ref` string,
 * a `$defs` object, or `type: "object"` with `properties` at its top. `definitions` is a plausible key
 * in data too, so it counts only when every entry looks like a schema (an object with a schema
 * keyword). A schema made only of `$ref` and `$defs` is one.
 */
export function looksLikeJsonSchema(top: unknown): boolean {
  if (!isObject(top)) return false;
  if ("$schema" in top || typeof top.$ref === "string" || isObject(top.$defs)) return true;
  if (top.type === "object" && "properties" in top) return true;
  const defs = top.definitions;
  return (
    isObject(defs) &&
    Object.keys(defs).length > 0 &&
    Object.values(defs).every((d) => isObject(d) && definitionKeys.some((k) => k in d))
  );
}

/**
 * looksLikeJsonSchema of a text; false for text that is not one JSON object. Text that cannot start
 * an object is not parsed.
 */
export function isJsonSchemaText(text: string): boolean {
  if (!text.trimStart().startsWith("{")) return false;
  try {
    return looksLikeJsonSchema(JSON.parse(text));
  } catch {
    return false;
  }
}
