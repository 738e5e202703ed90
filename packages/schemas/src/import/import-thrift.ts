import { XMLParser } from "fast-xml-parser";
import type { EnumType, IrSchema, IrType, RecordField, RecordType } from "../ir.ts";
import { chooseRoot } from "./choose-root.ts";
import { recursiveTypeError, SchemaImportError } from "./schema-import-error.ts";
import { UniqueTypeNames } from "./unique-type-names.ts";

/** One element of the compiler's XML: tag, attributes, child elements in document order. */
interface El {
  tag: string;
  attrs: Record<string, string>;
  children: El[];
  text?: string;
}

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function toEl(node: OrderedNode): El | undefined {
  const tag = Object.keys(node).find((k) => k !== ":@");
  if (!tag || tag === "#text" || tag === "#comment") return undefined;
  const kids = (node[tag] as OrderedNode[]) ?? [];
  const el: El = { tag, attrs: node[":@"] ?? {}, children: [] };
  for (const k of kids) {
    if ("#text" in k) el.text = String(k["#text"]);
    const c = toEl(k);
    if (c) el.children.push(c);
  }
  return el;
}

const base: Record<string, IrType> = {
  bool: { kind: "bool" },
  i8: { kind: "int32", bits: 8 },
  byte: { kind: "int32", bits: 8 },
  i16: { kind: "int32", bits: 16 },
  i32: { kind: "int32" },
  i64: { kind: "int64" },
  double: { kind: "float64" },
  string: { kind: "string" },
  binary: { kind: "bytes" },
};
const structTags = ["struct", "union", "exception"];

/** A default as the IR keeps it: numbers (64-bit beyond 2^53 as text), text, booleans, enum symbols. */
function defaultOf(d: El | undefined, t: IrType): RecordField["default"] {
  const v = d?.children[0];
  if (!v || v.text === undefined) return undefined;
  if (v.tag === "string") return v.text;
  if (v.tag === "double") return Number(v.text);
  if (v.tag !== "int") return undefined;
  const n = BigInt(v.text);
  if (t.kind === "bool") return n !== 0n;
  if (t.kind === "enum") {
    const i = (t.values ?? []).indexOf(Number(n));
    return i >= 0 ? t.symbols[i] : Number(n);
  }
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n.toString();
}

/**
 * A .thrift file from the Apache Thrift compiler's own parse of it: the XML that `thrift --gen xml`
 * writes (the caller runs the compiler: see @wirebench/idl-compilers; this package does no
 * I/O). The compiler rather than an npm parser because it is the grammar's authority and refuses bad
 * input cleanly (the maintained npm parser loops forever on some valid files). Structs and exceptions
 * become records with their field ids; a union becomes a record whose fields are all optional (on
 * the wire a Thrift union is a struct with one field set); `required` fields are not optional,
 * `optional` and default-requiredness ones are (the Node library skips an unset one); i8/i16 keep
 * their width in `bits`; list and set become arrays; typedefs resolve to their type; services and
 * constants are ignored. A field without an explicit id is refused (its implicit id is negative).
 * Maps keep text keys: integer, enum or string keys are carried as text; other key types are refused.
 */
export function importThriftXml(xml: string, rootType?: string, sourceText?: string): IrSchema {
  let doc: El | undefined;
  try {
    const parsed = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: false,
      attributeNamePrefix: "",
      parseAttributeValue: false,
      parseTagValue: false,
    }).parse(xml) as OrderedNode[];
    const idl = parsed.map(toEl).find((e) => e?.tag === "idl");
    doc = idl?.children.find((c) => c.tag === "document");
  } catch (err) {
    const message = (err as Error).message;
    // The XML nests one element per container level, and the reader stops at maxNestedTags (100).
    if (/nested tags/i.test(message))
      throw new SchemaImportError(".thrift nests container types too deeply (about 100 levels at most)");
    throw new SchemaImportError(`thrift's XML output does not read: ${message}`);
  }
  if (!doc) throw new SchemaImportError("thrift's XML output has no document");
  const module = doc.attrs.name ?? "";

  const byName = new Map<string, El>();
  for (const s of doc.children) if (s.attrs.name && s.tag !== "namespace") byName.set(s.attrs.name, s);
  const names = new UniqueTypeNames();
  for (const s of doc.children)
    if (structTags.includes(s.tag) || s.tag === "enum") names.name([s.attrs.name ?? ""]);

  const done = new Map<string, IrType>();
  const inProgress: string[] = [];
  const path: string[] = [];

  const named = (el: El, at: string, seen: string[]): IrType => {
    const name = el.attrs["type-id"] ?? "";
    if (el.attrs["type-module"] && el.attrs["type-module"] !== module)
      throw new SchemaImportError(
        `${at}: ${el.attrs["type-module"]}.${name} comes from an included file, which cannot be loaded: give one self-contained file`,
      );
    const s = byName.get(name);
    if (!s) throw new SchemaImportError(`${at}: unknown type ${name}`);
    if (s.tag === "typedef") {
      if (seen.includes(name)) throw new SchemaImportError(`${at}: typedef ${name} refers to itself`);
      return typeOf(s, at, [...seen, name]);
    }
    if (s.tag === "enum") {
      const known = done.get(name);
      if (known) return known;
      const members = s.children.filter((m) => m.tag === "member");
      const e: EnumType = {
        kind: "enum",
        name: names.name([name]),
        symbols: members.map((m) => m.attrs.name ?? ""),
        values: members.map((m) => Number(m.attrs.value)),
      };
      done.set(name, e);
      return e;
    }
    if (structTags.includes(s.tag)) return record(s);
    throw new SchemaImportError(`${at}: ${name} is not a type that carries data`);
  };

  /** `el` carries a type in its attributes (`type`, `type-id`) and children (`elemType`, `keyType`, `valueType`). */
  const typeOf = (el: El, at: string, seen: string[] = []): IrType => {
    const child = (tag: string) => {
      const c = el.children.find((x) => x.tag === tag);
      if (!c) throw new SchemaImportError(`${at}: thrift's XML lacks the ${tag} of a ${el.attrs.type}`);
      return c;
    };
    const t = el.attrs.type ?? "";
    switch (t) {
      case "id":
        return named(el, at, seen);
      case "list":
      case "set":
        return { kind: "array", items: typeOf(child("elemType"), at, seen) };
      case "map": {
        const key = typeOf(child("keyType"), at, seen);
        if (!["string", "int32", "int64", "enum"].includes(key.kind))
          throw new SchemaImportError(
            `${at}: map keys of type ${key.kind} cannot be carried (the IR's maps have text keys)`,
          );
        return { kind: "map", values: typeOf(child("valueType"), at, seen) };
      }
      default: {
        const b = base[t];
        if (!b) throw new SchemaImportError(`${at}: unsupported type ${t}`);
        return { ...b };
      }
    }
  };

  const field = (f: El, owner: string, union: boolean): RecordField => {
    const name = f.attrs.name ?? "";
    const at = `${owner}.${name}`;
    const id = Number(f.attrs["field-id"]);
    if (!(id >= 1)) throw new SchemaImportError(`${at}: the field has no id; write one (\`1: i32 ${name}\`)`);
    path.push(at);
    const type = typeOf(f, at);
    path.pop();
    const out: RecordField = { name, number: id, type, optional: union || f.attrs.required !== "required" };
    const d = defaultOf(
      f.children.find((c) => c.tag === "default"),
      type,
    );
    if (d !== undefined) out.default = d;
    return out;
  };

  function record(s: El): RecordType {
    const name = s.attrs.name ?? "";
    const known = done.get(name);
    if (known) return known as RecordType;
    const at = inProgress.indexOf(name);
    if (at >= 0) throw recursiveTypeError(names.name([name]), path.slice(at));
    inProgress.push(name);
    const union = s.tag === "union";
    const rec: RecordType = {
      kind: "record",
      name: names.name([name]),
      fields: s.children.filter((c) => c.tag === "field").map((f) => field(f, name, union)),
    };
    if (union) rec.doc = "Thrift union: at most one field is set";
    inProgress.pop();
    done.set(name, rec);
    return rec;
  }

  const usesOf = (el: El, seen: string[] = []): string[] =>
    el.children.flatMap((c) => {
      const here = c.attrs["type-id"];
      const own: string[] = [];
      if (here) {
        const d = byName.get(here);
        if (d?.tag === "typedef" && !seen.includes(here))
          own.push(...usesOf({ ...d, children: [d] }, [...seen, here]));
        else own.push(here);
      }
      return [...own, ...usesOf(c, seen)];
    });
  const structs = doc.children.filter((s) => structTags.includes(s.tag));
  const top = chooseRoot(
    structs.map((s) => ({ fullName: s.attrs.name ?? "", names: [], uses: usesOf(s) })),
    { idl: ".thrift", noun: "struct" },
    rootType,
  );
  const root = record(byName.get(top.fullName) as El);
  return {
    irVersion: 1,
    name: root.name,
    root,
    source: "thrift",
    ...(sourceText === undefined
      ? {}
      : { original: { idl: "thrift", text: sourceText, rootType: top.fullName } }),
  };
}
