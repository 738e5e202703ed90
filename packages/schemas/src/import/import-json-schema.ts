import { TypeNames } from "../infer/decide-type.ts";
import type { IrSchema, IrType, Limitation, RecordType } from "../ir.ts";
import { defaultParseLimits } from "../parse/limits.ts";
import { checkJsonShape } from "../parse/parse-json-lossless.ts";
import { bound, formats, integerOfRange } from "./json-schema-numbers.ts";
import { isObjectSchema, type Js, mergeAllOf, resolvePointer } from "./json-schema-pointers.ts";
import { recursiveTypeError, SchemaImportError } from "./schema-import-error.ts";

/**
 * JSON Schema (draft-07 or 2020-12) with local $refs (`#/$defs/…`, `#/definitions/…`, nested `$defs`
 * too; the type takes the pointer's last segment as its name): objects with properties
 * become records (named by $defs key or title), objects with only additionalProperties maps,
 * `required` decides optional, a `null` type, enum value or anyOf branch makes nullable. `allOf`
 * branches are merged, integer bounds choose the width, `const` is a one-symbol enum, several types
 * make a union, `patternProperties` a map. What the IR cannot hold is reported as a limitation. A $ref
 * back to an object schema being converted is a recursive record (the IR holds the cycle); any
 * other $ref cycle (a list of itself) has no type and is refused.
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
  const rootName = String(doc.title ?? "Root");
  const names = new TypeNames();
  const byRef = new Map<string, IrType>();
  // A $ref met again while its own target is being converted is a cycle; `depth` is where in
  // `path` (the `Record.field` steps taken so far) that target started.
  const refsInProgress: { ref: string; depth: number }[] = [];
  const path: string[] = [];
  const limitations: Limitation[] = [];
  const limit = (code: string, detail: string) =>
    limitations.push({ code, path: path[path.length - 1] ?? rootName, detail });

  const resolve = (ref: string) => resolvePointer(doc, rootName, ref);
  // Object schemas reached through a $ref and still being converted: their fields may refer back.
  const records = new Map<string, { rec: RecordType; used: boolean }>();
  const nullable = (t: IrType): IrType => (t.kind === "nullable" ? t : { kind: "nullable", type: t });

  const convert = (s: Js, hint: string): IrType => {
    if (s === true || s === false || Object.keys(s).length === 0) return { kind: "any" };
    if (Array.isArray(s.allOf) && s.allOf.length > 0)
      return convert(mergeAllOf(s, resolve), String(s.title ?? hint));
    if (s.nullable === true) {
      // OpenAPI 3.0's way of saying `null` is allowed too.
      const { nullable: _, ...rest } = s;
      return nullable(convert(rest, hint));
    }
    if (typeof s.$ref === "string") {
      const known = byRef.get(s.$ref);
      if (known) return known;
      const { node, name } = resolve(s.$ref);
      const at = refsInProgress.findIndex((r) => r.ref === s.$ref);
      if (at >= 0) {
        // Back at an object schema being converted: the record refers to itself (a tree).
        const open = records.get(s.$ref);
        if (!open) throw recursiveTypeError(name, path.slice(refsInProgress[at]!.depth));
        open.used = true;
        return open.rec;
      }
      const open = isObjectSchema(node)
        ? { rec: { kind: "record", name, fields: [] } as RecordType, used: false }
        : undefined;
      if (open) records.set(s.$ref, open);
      refsInProgress.push({ ref: s.$ref, depth: path.length });
      let t = convert(node, name);
      refsInProgress.pop();
      if (open) {
        records.delete(s.$ref);
        if (t.kind === "record") t = Object.assign(open.rec, t);
        else if (open.used) throw recursiveTypeError(name, [`${name} → ${name}`]);
      }
      byRef.set(s.$ref, t);
      return t;
    }
    let branches = (s.anyOf ?? s.oneOf) as Js[] | undefined;
    if (branches) {
      // Properties beside anyOf/oneOf hold in every branch (`allOf: [{anyOf: [A, B]}, {properties: C}]`
      // is A+C or B+C): each object branch is merged with them, so no declared property is lost.
      const { anyOf: _a, oneOf: _o, ...siblings } = s;
      const props = siblings.properties;
      if (typeof props === "object" && props !== null && Object.keys(props).length > 0)
        branches = branches.map((b) =>
          typeof b === "object" && (b.properties !== undefined || b.$ref !== undefined)
            ? { allOf: [siblings, b] }
            : b,
        );
      const nonNull = branches.filter(
        (b) => !(typeof b === "object" && (b.type === "null" || (b.const === null && "const" in b))),
      );
      if (nonNull.length === 0) return { kind: "null" };
      // oneOf: [{const: "a"}, {const: "b"}] is how JSON Schema writes a documented enum.
      const consts = nonNull.map((b) => (typeof b === "object" ? b.const : undefined));
      const inner: IrType = consts.every((c) => typeof c === "string")
        ? { kind: "enum", name: names.take(hint, "Enum"), symbols: consts as string[] }
        : nonNull.length === 1
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
      if (nonNull.length === 0) return { kind: "null" };
      const inner =
        nonNull.length === 1
          ? convert({ ...s, type: nonNull[0] }, hint)
          : {
              kind: "union" as const,
              name: names.take(`${hint}Union`, "Union"),
              variants: nonNull.map((t) => convert({ ...s, type: t }, `${hint}${t}`)),
            };
      return nonNull.length < type.length ? nullable(inner) : inner;
    }
    if ("const" in s && !Array.isArray(s.enum)) {
      if (s.const === null) return { kind: "null" };
      return convert({ ...s, const: undefined, enum: [s.const] }, hint);
    }
    if (Array.isArray(s.enum)) {
      // `null` among the values is how JSON Schema makes an enum nullable; it is no symbol.
      const values = s.enum as unknown[];
      const symbols = values.filter((v) => v !== null);
      const orNull = (t: IrType) => (symbols.length < values.length ? nullable(t) : t);
      if (symbols.length === 0) return { kind: "null" };
      if (symbols.every((v) => typeof v === "string")) {
        return orNull({ kind: "enum", name: names.take(hint, "Enum"), symbols });
      }
      if (symbols.every((v) => typeof v === "number" && Number.isInteger(v))) {
        const ns = (symbols as number[]).map(BigInt);
        ns.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const [lo, hi] = [ns[0]!, ns[ns.length - 1]!];
        return orNull(integerOfRange(lo, hi));
      }
      if (symbols.every((v) => typeof v === "number")) return orNull({ kind: "float64" });
      if (symbols.every((v) => typeof v === "boolean")) return orNull({ kind: "bool" });
      limit("enum-as-any", "an enum of mixed or structured values is carried as any value (JSON text)");
      return orNull({ kind: "any" });
    }
    if (!type) {
      if (s.properties || s.patternProperties || typeof s.additionalProperties === "object") type = "object";
      else if (s.items || s.prefixItems) type = "array";
    }
    switch (type) {
      case "null":
        return { kind: "null" };
      case "boolean":
        return { kind: "bool" };
      case "integer":
        return formats[String(s.format)] ?? integerOfRange(bound(s, "minimum"), bound(s, "maximum"));
      case "number":
        return formats[String(s.format)] ?? { kind: "float64" };
      case "string":
        if (s["x-wirebench-type"] === "timestamp") return { kind: "timestamp" };
        // OpenAPI writes base64 bytes as `format: byte`.
        if (s.contentEncoding === "base64" || s.format === "byte") return { kind: "bytes" };
        if (s.format === "date-time" || s.format === "date" || s.format === "time" || s.format === "uuid") {
          return { kind: "string", format: s.format };
        }
        return { kind: "string" };
      case "array": {
        const tuple = (
          Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : undefined
        ) as Js[] | undefined;
        if (tuple) {
          limit(
            "tuple-as-array",
            "a tuple (prefixItems) is carried as an array whose items may be any of its types",
          );
          const variants = tuple.map((t, i) => convert(t, `${hint}${i}`));
          const distinct = [...new Map(variants.map((v) => [JSON.stringify(v), v])).values()];
          const items =
            distinct.length === 1
              ? distinct[0]!
              : { kind: "union" as const, name: names.take(`${hint}Item`, "Union"), variants: distinct };
          return { kind: "array", items };
        }
        return { kind: "array", items: convert((s.items as Js) ?? {}, `${hint}Item`) };
      }
      case "object": {
        const props = s.properties as Record<string, Js> | undefined;
        const patterns = Object.values((s.patternProperties ?? {}) as Record<string, Js>);
        const extra = s.additionalProperties;
        if (!props || Object.keys(props).length === 0) {
          // Keys that are data: additionalProperties or patternProperties give the values' type.
          const valueSchemas = [...patterns, ...(typeof extra === "object" ? [extra as Js] : [])];
          if (valueSchemas.length > 1)
            limit(
              "map-values-merged",
              "several patternProperties: the map's values take the first one's type",
            );
          return {
            kind: "map",
            values: valueSchemas[0] ? convert(valueSchemas[0], `${hint}Value`) : { kind: "any" },
          };
        }
        if (patterns.length > 0 || (typeof extra === "object" && Object.keys(extra as object).length > 0))
          limit(
            "extra-properties-dropped",
            "an object with properties and additional/pattern properties keeps the declared properties only",
          );
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
  // Converted as the target of `$ref: "#"`, so a reference back to the root is a recursive record.
  const root = convert({ $ref: "#" }, rootName);
  if (root.kind !== "record")
    throw new SchemaImportError("the JSON Schema must describe an object with properties at the top");
  return {
    irVersion: 1,
    name: root.name,
    root,
    source: "jsonschema",
    ...(limitations.length > 0 ? { limitations } : {}),
  };
}
