import { SchemaImportError } from "./schema-import-error.ts";

/** A JSON Schema node: an object of keywords, or `true`/`false`. */
export type Js = { [k: string]: unknown } | boolean;

/**
 * Where a local $ref points. Any local JSON Pointer is followed, so a $ref into a nested `$defs`
 * (#/$defs/A/$defs/B) works as well as the usual #/$defs/B; the type is named after the pointer's last
 * segment, and `#` is the whole document (a schema that nests itself).
 */
export function resolvePointer(
  doc: { [k: string]: unknown },
  rootName: string,
  ref: string,
): { node: Js; name: string } {
  if (ref === "#") return { node: doc, name: rootName };
  if (!ref.startsWith("#/"))
    throw new SchemaImportError(
      `unsupported $ref ${ref}: only references inside the same document (#, #/$defs/…) are followed`,
    );
  const segments = ref
    .slice(2)
    .split("/")
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = doc;
  for (const key of segments) {
    node =
      typeof node === "object" && node !== null && Object.hasOwn(node, key)
        ? (node as Record<string, unknown>)[key]
        : undefined;
  }
  if (node === undefined) throw new SchemaImportError(`$ref ${ref} points nowhere`);
  if ((typeof node !== "object" && typeof node !== "boolean") || node === null || Array.isArray(node))
    throw new SchemaImportError(`$ref ${ref} does not point to a schema`);
  return { node: node as Js, name: segments[segments.length - 1]! };
}

/** An object schema with properties and nothing that makes it another kind of type. */
export const isObjectSchema = (n: Js): n is { [k: string]: unknown } =>
  typeof n === "object" &&
  !n.allOf &&
  !n.anyOf &&
  !n.oneOf &&
  n.$ref === undefined &&
  n.nullable !== true &&
  (n.type === undefined || n.type === "object") &&
  typeof n.properties === "object" &&
  n.properties !== null &&
  Object.keys(n.properties).length > 0;

/**
 * `allOf` as one schema: every branch's keywords together (a $ref branch read where it points),
 * `properties` and `required` united, the first branch's value for any other keyword.
 */
export function mergeAllOf(
  s: { [k: string]: unknown },
  resolve: (ref: string) => { node: Js },
): { [k: string]: unknown } {
  const { allOf, ...rest } = s;
  const parts = [rest, ...(allOf as Js[])].map((b) => {
    if (typeof b !== "object") return {};
    const r = typeof b.$ref === "string" ? (resolve(b.$ref).node as Js) : b;
    if (typeof r !== "object") return {};
    return Array.isArray(r.allOf) ? mergeAllOf(r, resolve) : r;
  });
  const merged: { [k: string]: unknown } = {};
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (k === "properties" && typeof v === "object" && v) Object.assign(properties, v);
      else if (k === "required" && Array.isArray(v)) for (const r of v) required.add(String(r));
      else if (k !== "$ref" && !(k in merged)) merged[k] = v;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}
