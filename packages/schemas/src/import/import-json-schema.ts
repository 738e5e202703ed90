import { TypeNames } from "../infer/decide-type.ts";
import type { IrSchema, IrType, RecordType } from "../ir.ts";
import { defaultParseLimits } from "../parse/limits.ts";
import { checkJsonShape } from "../parse/parse-json-lossless.ts";
import { recursiveTypeError, SchemaImportError } from "./schema-import-error.ts";

type Js = { [k: string]: unknown } | boolean;

const formats: Record<string, IrType> = {
  int32: { kind: "int32" },
  int64: { kind: "int64" },
  uint32: { kind: "uint32" },
  uint64: { kind: "uint64" },
  float: { kind: "float32" },
  double: { kind: "float64" },
};

/**
 * JSON Schema (draft-07 or 2020-12) with local $refs (`#/$defs/…`, `#/definitions/…`, nested `$defs`
 * too; the type takes the pointer's last segment as its name): objects with properties
 * become records (named by $defs key or title), objects with only additionalProperties maps,
 * `required` decides optional, a `null` type, enum value or anyOf branch makes nullable. A $ref that leads back
 * to itself is refused (the IR cannot hold cycles).
 */
export function importJsonSchema(text: string): IrSchema {
  let doc: { [k: string]: unknown };
  try {
    // The conversion recurses per level: refuse absurd nesting before it runs.
    checkJsonShape(text, defaultParseLimits);
  } catch (err) {
    throw new SchemaImportError(`JSON Schema exceeds a limit: ${(err as Error).message}`);
  }
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new SchemaImportError(`JSON Schema is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw new SchemaImportError("JSON Schema must be an object");
  const names = new TypeNames();
  const byRef = new Map<string, IrType>();
  // A $ref met again while its own target is being converted is a cycle; `depth` is where in
  // `path` (the `Record.field` steps taken so far) that target started.
  const refsInProgress: { ref: string; depth: number }[] = [];
  const path: string[] = [];

  // Any local JSON Pointer is followed, so a $ref into a nested `$defs` (#/$defs/A/$defs/B) works as
  // well as the usual #/$defs/B; the type is named after the pointer's last segment.
  const resolve = (ref: string): { node: Js; name: string } => {
    if (!ref.startsWith("#/"))
      throw new SchemaImportError(
        `unsupported $ref ${ref}: only references inside the same document (#/$defs/…) are followed`,
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
  };
  const nullable = (t: IrType): IrType => (t.kind === "nullable" ? t : { kind: "nullable", type: t });

  const convert = (s: Js, hint: string): IrType => {
    if (s === true || s === false || Object.keys(s).length === 0) return { kind: "any" };
    if (typeof s.$ref === "string") {
      const known = byRef.get(s.$ref);
      if (known) return known;
      const { node, name } = resolve(s.$ref);
      const at = refsInProgress.findIndex((r) => r.ref === s.$ref);
      if (at >= 0) throw recursiveTypeError(name, path.slice(refsInProgress[at]!.depth));
      refsInProgress.push({ ref: s.$ref, depth: path.length });
      const t = convert(node, name);
      refsInProgress.pop();
      byRef.set(s.$ref, t);
      return t;
    }
    const branches = (s.anyOf ?? s.oneOf) as Js[] | undefined;
    if (branches) {
      const nonNull = branches.filter((b) => !(typeof b === "object" && b.type === "null"));
      if (nonNull.length === 0) return { kind: "null" };
      const inner: IrType =
        nonNull.length === 1
          ? convert(nonNull[0]!, hint)
          : {
              kind: "union",
              name: names.take(`${hint}Union`, "Union"),
              variants: nonNull.map((b, i) => convert(b, `${hint}${i}`)),
            };
      return nonNull.length < branches.length ? nullable(inner) : inner;
    }
    let type = s.type as string | string[] | undefined;
    if (Array.isArray(type)) {
      const nonNull = type.filter((t) => t !== "null");
      if (nonNull.length === 1) {
        const inner = convert({ ...s, type: nonNull[0] }, hint);
        return nonNull.length < type.length ? nullable(inner) : inner;
      }
      return { kind: "any" };
    }
    if (Array.isArray(s.enum)) {
      // `null` among the values is how JSON Schema makes an enum nullable; it is no symbol.
      const symbols = s.enum.filter((v) => v !== null);
      if (symbols.length > 0 && symbols.every((v) => typeof v === "string")) {
        const e: IrType = { kind: "enum", name: names.take(hint, "Enum"), symbols };
        return symbols.length < s.enum.length ? nullable(e) : e;
      }
    }
    if (!type) type = s.properties ? "object" : s.items ? "array" : undefined;
    switch (type) {
      case "null":
        return { kind: "null" };
      case "boolean":
        return { kind: "bool" };
      case "integer":
        return formats[String(s.format)] ?? { kind: "int64" };
      case "number":
        return formats[String(s.format)] ?? { kind: "float64" };
      case "string":
        if (s["x-wirebench-type"] === "timestamp") return { kind: "timestamp" };
        if (s.contentEncoding === "base64") return { kind: "bytes" };
        if (s.format === "date-time" || s.format === "date" || s.format === "time" || s.format === "uuid") {
          return { kind: "string", format: s.format };
        }
        return { kind: "string" };
      case "array":
        return { kind: "array", items: convert((s.items as Js) ?? {}, `${hint}Item`) };
      case "object": {
        const props = s.properties as Record<string, Js> | undefined;
        if (!props || Object.keys(props).length === 0) {
          const values = s.additionalProperties;
          return {
            kind: "map",
            values: typeof values === "object" ? convert(values as Js, `${hint}Value`) : { kind: "any" },
          };
        }
        const required = new Set((s.required as string[] | undefined) ?? []);
        const rec: RecordType = {
          kind: "record",
          name: names.take(String(s.title ?? hint), "Record"),
          fields: [],
        };
        Object.entries(props).forEach(([name, p], i) => {
          const number =
            typeof p === "object" && typeof p["x-field-number"] === "number"
              ? (p["x-field-number"] as number)
              : i + 1;
          path.push(`${rec.name}.${name}`);
          rec.fields.push({ name, number, type: convert(p, name), optional: !required.has(name) });
          path.pop();
        });
        return rec;
      }
      default:
        return { kind: "any" };
    }
  };
  const root = convert(doc as Js, String(doc.title ?? "Root"));
  if (root.kind !== "record")
    throw new SchemaImportError("the JSON Schema must describe an object with properties at the top");
  return { irVersion: 1, name: root.name, root, source: "jsonschema" };
}
