import type { IrType, RecordType } from "@wirebench/schemas";
import * as capnp from "capnp-es";
import { fieldPlans, is64, isPointer, type Plan, type Struct, textPointers, unwrap } from "./field-plans.ts";
import { initListAt, listShape } from "./init-list.ts";

// biome-ignore lint/suspicious/noExplicitAny: generated functions take and return whatever their record holds.
type Compiled = (...args: any[]) => any;

/**
 * Builds a message's structs from plain objects and reads every field back through capnp-es's
 * generated accessors, with JavaScript written once per record and list type, the way an
 * application names its fields (`s.text = o.text`). A generic walker (`s[plan.name]`) makes every
 * property access site see every struct class: V8 then looks the accessors up in its megamorphic
 * stub cache, a table indexed by the addresses of hidden classes, so both the cost and the
 * instruction count of a call depended on where a process happened to allocate them (Cap'n Proto
 * decode counted 6,298,621 to 6,332,574 instructions per call in different processes; docs/instructions.md).
 *
 * `unions`: in the user's own schema the IR's optional fields are exactly the members of a union:
 * only the one that is set may be read (capnp-es's `_is<Field>`), and a Void member is set with `true`.
 */
export function compileStructCode(unions: boolean) {
  const planOf = fieldPlans(unions);
  const textPointer = textPointers();
  // Generated code calls other records' and lists' code as `F[k](…)`: a slot is filled when first
  // needed, since a record's reader is written from its first instance (text pointer indexes, `_has`).
  const F: Compiled[] = [];
  const helpers = {
    isNull: capnp.utils.isNull,
    getPointer: capnp.utils.getPointer,
    initListAt,
    listShape,
    BYTE: capnp.ListElementSize.BYTE,
  };
  const build = (params: string, body: string): Compiled =>
    new Function("F", "h", `"use strict"; return function (${params}) {\n${body}\n};`)(F, helpers);
  const lit = (s: string) => JSON.stringify(s);
  const slots = new Map<string, number>();
  /** The slot of `key`'s code; `make` writes it from the arguments of its first call. */
  const slot = (key: string, make: (...first: unknown[]) => Compiled): number => {
    let k = slots.get(key);
    if (k === undefined) {
      const at = F.length;
      k = at;
      slots.set(key, at);
      F.push((...args: unknown[]) => {
        F[at] = make(...args);
        return (F[at] as Compiled)(...args);
      });
    }
    return k;
  };
  const ids = new Map<object, number>();
  const idOf = (t: object) => {
    if (!ids.has(t)) ids.set(t, ids.size);
    return ids.get(t) as number;
  };

  // ---- reading ----
  const readRecord = (rec: RecordType) => slot(`r${idOf(rec)}`, (s) => compileRead(rec, s as Struct));
  const readList = (items: IrType) => slot(`rl${idOf(items)}`, () => compileReadList(items));
  const readItem = (t: IrType, list: string, i: string): string => {
    const b = unwrap(t);
    if (b.kind === "record") return `F[${readRecord(b)}](${list}.get(${i}))`;
    if (b.kind === "array") return `F[${readList(b.items)}](${list}.get(${i}))`;
    if (b.kind === "bytes") return `${list}.get(${i}).toUint8Array().slice()`;
    return `${list}.get(${i})`;
  };
  const compileReadList = (items: IrType) =>
    build(
      "list",
      `const n = list.length; const arr = new Array(n);
for (let i = 0; i < n; i++) arr[i] = ${readItem(items, "list", "i")};
return arr;`,
    );
  const readField = (p: Plan, s: Struct): string => {
    const key = lit(p.name);
    if (p.kind === "void") return `out[${key}] = null;`;
    if (p.kind === "value" || p.kind === "int64" || (p.kind === "text" && p.is !== undefined))
      return `out[${key}] = s[${key}];`;
    if (p.kind === "text") {
      const idx = textPointer(s, p.name);
      const read = `out[${key}] = s[${key}];`;
      return idx === undefined ? read : `if (!h.isNull(h.getPointer(${idx}, s))) ${read}`;
    }
    let read: string;
    if (p.kind === "record") read = `out[${key}] = F[${readRecord(p.type as RecordType)}](s[${key}]);`;
    else if (p.kind === "array")
      read = `out[${key}] = F[${readList((p.type as { items: IrType }).items)}](s[${key}]);`;
    else read = `out[${key}] = s[${key}].toUint8Array().slice();`;
    // A group (a user's schema) has no `_has`: it is part of its struct and always there.
    return typeof s[p.has] === "function" ? `if (s[${lit(p.has)}]()) ${read}` : read;
  };
  const compileRead = (rec: RecordType, s: Struct) =>
    build(
      "s",
      `const out = {};
${planOf(rec)
  .map((p) => {
    const read = readField(p, s);
    return p.is === undefined ? read : `if (s[${lit(p.is)}]) { ${read} }`;
  })
  .join("\n")}
return out;`,
    );

  // ---- writing ----
  const writeRecord = (rec: RecordType) => slot(`w${idOf(rec)}`, () => compileWrite(rec));
  const writeList = (items: IrType) => slot(`wl${idOf(items)}`, () => compileWriteList(items));
  /** Statements setting element `i` of `list` to `v` (a list element of type `t`). */
  const writeItem = (t: IrType): string => {
    const b = unwrap(t);
    if (b.kind === "record") return `F[${writeRecord(b)}](list.get(i), v);`;
    if (b.kind === "array")
      return `{ const inner = list.get(i); const sh = h.listShape(inner, ${lit(unwrap(b.items).kind)});
h.initListAt(inner, sh.size, v.length, sh.composite); F[${writeList(b.items)}](inner, v); }`;
    if (b.kind === "bytes")
      return "{ const inner = list.get(i); h.initListAt(inner, h.BYTE, v.length); inner.copyBuffer(v); }";
    // The emitter turns maps into entry lists and unions into text, so nothing else should arrive here.
    if (isPointer(b) && b.kind !== "string" && b.kind !== "any")
      return `throw new Error(${lit(`lists of ${b.kind} are not supported by this adapter`)});`;
    return is64(b) ? "list.set(i, BigInt(v));" : "list.set(i, v);";
  };
  const compileWriteList = (items: IrType) =>
    build("list, arr", `for (let i = 0; i < arr.length; i++) { const v = arr[i]; ${writeItem(items)} }`);
  const writeField = (p: Plan, plans: Plan[], firstVoid: boolean): string => {
    const key = lit(p.name);
    if (p.kind === "void") {
      // A union member of the user's own schema: the mapper keeps a Void member the sample leaves
      // out absent, so the one it names (null) is the one whose discriminant is set.
      if (p.is !== undefined) return `if (o[${key}] === null) s[${key}] = true;`;
      // Elsewhere the value mapper fills every Void field in as null (the IR's `null` is always
      // null), so which one was set is not known here: the first is set, unless another member has a value.
      if (!firstVoid) return "";
      const others = plans.filter((x) => x.is && x.kind !== "void").map((x) => `o[${lit(x.name)}] != null`);
      return `if (o[${key}] === null${others.length ? ` && !(${others.join(" || ")})` : ""}) s[${key}] = true;`;
    }
    const init = `s[${lit(p.init)}]`;
    let set: string;
    if (p.kind === "value" || p.kind === "text") set = `s[${key}] = v;`;
    else if (p.kind === "int64") set = `s[${key}] = BigInt(v);`;
    else if (p.kind === "record") set = `F[${writeRecord(p.type as RecordType)}](${init}(), v);`;
    else if (p.kind === "array")
      set = `F[${writeList((p.type as { items: IrType }).items)}](${init}(v.length), v);`;
    else set = `${init}(v.length).copyBuffer(v);`;
    return `{ const v = o[${key}]; if (v !== undefined && v !== null) { ${set} } }`;
  };
  const compileWrite = (rec: RecordType) => {
    const plans = planOf(rec);
    const firstVoid = plans.find((p) => p.kind === "void" && p.is === undefined);
    return build("s, o", plans.map((p) => writeField(p, plans, p === firstVoid)).join("\n"));
  };

  return {
    /** Sets a struct of `rec` from a plain object. */
    writer(rec: RecordType): (s: Struct, o: Record<string, unknown>) => void {
      const k = writeRecord(rec);
      return (s, o) => (F[k] as Compiled)(s, o);
    },
    /** Reads every field of a struct of `rec` into a plain object. */
    reader(rec: RecordType): (s: Struct) => Record<string, unknown> {
      const k = readRecord(rec);
      return (s) => (F[k] as Compiled)(s);
    },
    /** Reads `fields` of a struct one after another and returns the last (Cap'n Proto's "access"). */
    fieldsReader: (fields: string[]): ((s: Struct) => unknown) =>
      build("s", `let last;\n${fields.map((f) => `last = s[${lit(f)}];`).join("\n")}\nreturn last;`),
  };
}
