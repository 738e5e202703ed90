import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type Dataset,
  type DataValue,
  type EmittedSchema,
  emitCapnp,
  type IrType,
  type RecordType,
} from "@wirebench/schemas";
import * as capnp from "capnp-es";
import { idlIncludeDir } from "../codegen/compile-idl.ts";
import { generateOnce } from "../codegen/generate-once.ts";
import { linkModules, packageDir } from "../codegen/link-modules.ts";
import { runCompiler } from "../codegen/run-compiler.ts";
import { listFiles, transpileGenerated } from "../codegen/transpile-generated.ts";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { normalizeInt } from "../schema-bridge/ir-walk.ts";
import { withOwnSchema } from "../schema-bridge/own-schema.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec, Unsupported } from "./types.ts";

type Struct = capnp.Struct & Record<string, unknown>;
type StructCtor = capnp.StructCtor<capnp.Struct>;
interface ListLike {
  length: number;
  get(i: number): unknown;
  set(i: number, v: unknown): void;
}

/**
 * capnp-es's compiler (which drives the official `capnp` tool) into the run's work dir; its
 * TypeScript output is transpiled to ESM there (capnp-es is ESM-only and is linked into the work
 * dir's node_modules).
 */
function generateCode(emitted: EmittedSchema, workDir: string): Promise<void> {
  return generateOnce(workDir, async () => {
    const schema = join(workDir, emitted.fileName);
    const src = join(workDir, "gen-ts");
    writeFileSync(schema, emitted.text);
    mkdirSync(src, { recursive: true });
    const compiler = join(packageDir("capnp-es"), "dist", "compiler", "capnpc-js.mjs");
    // -I: a user's own schema may import the language annotations Wirebench vendors (/capnp/c++.capnp).
    const args = [compiler, `-ots:${src}`, `--src-prefix=${workDir}`, `-I${idlIncludeDir}`, schema];
    await runCompiler(process.execPath, args, {
      cwd: workDir,
      debianPackage: "capnproto",
    });
    await transpileGenerated(src, join(workDir, "gen-js"), "esm");
    linkModules(workDir, { "capnp-es": packageDir("capnp-es") });
  });
}

/** The generated module, imported from the work dir, and its TypeScript sources as artifacts. */
async function loadGenerated(emitted: EmittedSchema, workDir: string) {
  await generateCode(emitted, workDir);
  const src = join(workDir, "gen-ts");
  const out = join(workDir, "gen-js");
  const file = listFiles(out, ".mjs")[0];
  if (!file) throw new Error("capnp-es generated no TypeScript");
  const mod = (await import(pathToFileURL(join(out, file)).href)) as Record<string, unknown>;
  const files = listFiles(src, ".ts").map((f) => ({
    name: `gen-ts/${f}`,
    kind: "generated" as const,
    text: readFileSync(join(src, f), "utf8"),
  }));
  return { mod, files };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const unwrap = (t: IrType) => (t.kind === "nullable" ? t.type : t);
const isPointer = (t: IrType) =>
  ["string", "any", "bytes", "record", "array", "map", "union"].includes(t.kind);
// The IR timestamp is Int64 epoch milliseconds in the emitted .capnp; the mapper converts the sample's shape.
const is64 = (t: IrType) => t.kind === "int64" || t.kind === "uint64" || t.kind === "timestamp";

/**
 * Points a still-null list pointer (an element of a List(List(T)) or List(Data)) at a new list of
 * `length` elements. capnp-es only exports an initialiser for struct fields (`utils.initList`), so
 * this repeats its allocation with the exported pointer helpers.
 */
function initListAt(
  list: capnp.Pointer,
  size: capnp.ListElementSize,
  length: number,
  compositeSize?: capnp.ObjectSize,
): void {
  const u = capnp.utils;
  let content: capnp.Pointer;
  if (size === capnp.ListElementSize.COMPOSITE) {
    if (!compositeSize) throw new Error("a list of structs needs the struct size");
    const padded = new capnp.ObjectSize((compositeSize.dataByteLength + 7) & -8, compositeSize.pointerLength);
    const bytes = (padded.dataByteLength + padded.pointerLength * 8) * length;
    // Composite lists start with a tag word shaped like a struct pointer giving the element count.
    content = list.segment.allocate(bytes + 8);
    u.setStructPointer(length, padded, content);
    compositeSize = padded;
  } else if (size === capnp.ListElementSize.VOID) {
    u.setListPointer(0, size, length, list);
    return;
  } else if (size === capnp.ListElementSize.BIT) {
    content = list.segment.allocate(Math.ceil(length / 8));
  } else {
    content = list.segment.allocate(length * u.getListElementByteLength(size));
  }
  const res = u.initPointer(content.segment, content.byteOffset, list);
  u.setListPointer(res.offsetWords, size, length, res.pointer, compositeSize);
}

/** The element size a generated list class declares (Data is a byte list without its own `_capnp`). */
function listShape(
  list: unknown,
  itemKind: string,
): { size: capnp.ListElementSize; composite?: capnp.ObjectSize } {
  if (itemKind === "bytes") return { size: capnp.ListElementSize.BYTE };
  const c = (
    list as { constructor: { _capnp: { size: capnp.ListElementSize; compositeSize?: capnp.ObjectSize } } }
  ).constructor._capnp;
  return { size: c.size, composite: c.compositeSize };
}

/** Text getters do not say whether the pointer is null; read its index from the generated getter. */
function textPointerIndex(ctor: StructCtor, field: string): number | undefined {
  const getter = Object.getOwnPropertyDescriptor(
    (ctor as unknown as { prototype: object }).prototype,
    field,
  )?.get;
  const m = getter?.toString().match(/getText\((\d+)/);
  return m ? Number(m[1]) : undefined;
}

/**
 * Cap'n Proto with capnp-es generated classes. Encode builds the message from the object (what an
 * application does) and serialises it unpacked or packed; decode reads every field back into an
 * object; access reads a few root fields straight from the bytes.
 */
export async function prepareCapnp(
  dataset: Dataset,
  emitted: EmittedSchema,
  workDir: string,
  packed: boolean,
): Promise<PreparedCodec> {
  const { mod, files } = await loadGenerated(emitted, workDir);
  const idl = emitted.ir.root;
  if (idl.kind !== "record") throw new Error("the Cap'n Proto root must be a struct");
  // A user's nested struct `Person.Phone` is `Person_Phone` in capnp-es's code.
  const Root = mod[emitted.rootType.replaceAll(".", "_")] as StructCtor | undefined;
  // In the user's own schema the IR's optional fields are exactly the members of a union: only the
  // one that is set may be read (capnp-es's `_is<Field>`), and a Void member is set with `true`.
  const unions = emitted.ir.original?.idl === "capnp" && emitted.text === emitted.ir.original.text;
  if (typeof Root !== "function") throw new Error(`generated code has no struct ${emitted.rootType}`);
  const textIndex = new Map<unknown, Map<string, number | undefined>>();
  const textPointer = (s: Struct, field: string) => {
    let byField = textIndex.get(s.constructor);
    if (!byField) {
      byField = new Map();
      textIndex.set(s.constructor, byField);
    }
    if (!byField.has(field)) byField.set(field, textPointerIndex(s.constructor as StructCtor, field));
    return byField.get(field);
  };

  // Per-record field plans, built once, so the timed build/read loops do no string work per field.
  type Plan = {
    name: string;
    kind: "value" | "int64" | "text" | "record" | "array" | "bytes" | "void";
    init: string;
    has: string;
    /** Getter telling whether this union member is the one set; absent outside unions. */
    is?: string;
    type: IrType;
  };
  const plans = new Map<RecordType, Plan[]>();
  const planOf = (rec: RecordType): Plan[] => {
    let p = plans.get(rec);
    if (!p) {
      p = rec.fields.map((f) => {
        const b = unwrap(f.type);
        const kind: Plan["kind"] = !isPointer(b)
          ? is64(b)
            ? "int64"
            : "value"
          : b.kind === "string" || b.kind === "any"
            ? "text"
            : b.kind === "record" || b.kind === "array" || b.kind === "bytes"
              ? b.kind
              : "value";
        const plan: Plan = {
          name: f.name,
          kind: b.kind === "null" ? "void" : kind,
          init: `_init${cap(f.name)}`,
          has: `_has${cap(f.name)}`,
          type: b,
        };
        if (unions && f.optional) plan.is = `_is${cap(f.name)}`;
        return plan;
      });
      plans.set(rec, p);
    }
    return p;
  };
  const setItem = (list: ListLike, i: number, t: IrType, v: unknown) => {
    const b = unwrap(t);
    if (b.kind === "record") write(list.get(i) as Struct, b, v as Record<string, unknown>);
    else if (b.kind === "array") {
      const arr = v as unknown[];
      const inner = list.get(i) as ListLike & capnp.Pointer;
      const items = b.items;
      const shape = listShape(inner, unwrap(items).kind);
      initListAt(inner, shape.size, arr.length, shape.composite);
      for (let j = 0; j < arr.length; j++) setItem(inner, j, items, arr[j]);
    } else if (b.kind === "bytes") {
      const bytes = v as Uint8Array;
      const inner = list.get(i) as capnp.Data;
      initListAt(inner, capnp.ListElementSize.BYTE, bytes.length);
      inner.copyBuffer(bytes);
    } else if (isPointer(b) && b.kind !== "string" && b.kind !== "any") {
      // The emitter turns maps into entry lists and unions into text, so nothing else should arrive here.
      throw new Error(`lists of ${b.kind} are not supported by this adapter`);
    } else list.set(i, is64(b) ? BigInt(v as number) : v);
  };
  const plansOf = planOf;
  const write = (s: Struct, rec: RecordType, o: Record<string, unknown>) => {
    const voidDone = new Set<RecordType>();
    for (const p of planOf(rec)) {
      const v = o[p.name];
      if (p.kind === "void") {
        // A union member of the user's own schema: the mapper keeps a Void member the sample leaves
        // out absent, so the one it names (null) is the one whose discriminant is set.
        if (p.is !== undefined) {
          if (v === null) s[p.name] = true;
          continue;
        }
        // Elsewhere the value mapper fills every Void field in as null (the IR's `null` is always
        // null), so which one was set is not known here: the first is set, unless another member has a value.
        if (
          v === null &&
          !voidDone.has(rec) &&
          !plansOf(rec).some((x) => x.is && x.kind !== "void" && o[x.name] != null)
        )
          s[p.name] = true;
        voidDone.add(rec);
        continue;
      }
      if (v === undefined || v === null) continue;
      switch (p.kind) {
        case "value":
        case "text":
          s[p.name] = v;
          break;
        case "int64":
          s[p.name] = BigInt(v as number);
          break;
        case "record":
          write((s[p.init] as () => Struct).call(s), p.type as RecordType, v as Record<string, unknown>);
          break;
        case "array": {
          const arr = v as unknown[];
          const list = (s[p.init] as (n: number) => ListLike).call(s, arr.length);
          const items = (p.type as { items: IrType }).items;
          for (let i = 0; i < arr.length; i++) setItem(list, i, items, arr[i]);
          break;
        }
        case "bytes":
          (s[p.init] as (n: number) => capnp.Data)
            .call(s, (v as Uint8Array).length)
            .copyBuffer(v as Uint8Array);
          break;
      }
    }
  };
  const getItem = (list: ListLike, i: number, t: IrType): unknown => {
    const b = unwrap(t);
    if (b.kind === "record") return read(list.get(i) as Struct, b);
    if (b.kind === "array") {
      const inner = list.get(i) as ListLike;
      const arr = new Array(inner.length);
      for (let j = 0; j < inner.length; j++) arr[j] = getItem(inner, j, b.items);
      return arr;
    }
    if (b.kind === "bytes") return (list.get(i) as capnp.Data).toUint8Array().slice();
    return list.get(i);
  };
  const read = (s: Struct, rec: RecordType): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const p of planOf(rec)) {
      if (p.is !== undefined && !s[p.is]) continue;
      if (p.kind === "void") {
        out[p.name] = null;
        continue;
      }
      if (p.kind === "value" || p.kind === "int64") {
        out[p.name] = s[p.name];
        continue;
      }
      if (p.kind === "text" && p.is !== undefined) {
        out[p.name] = s[p.name];
        continue;
      }
      if (p.kind === "text") {
        const idx = textPointer(s, p.name);
        if (idx !== undefined && capnp.utils.isNull(capnp.utils.getPointer(idx, s))) continue;
        out[p.name] = s[p.name];
        continue;
      }
      // A group (a user's schema) has no `_has`: it is part of its struct and always there.
      const has = s[p.has] as (() => boolean) | undefined;
      if (has && !has.call(s)) continue;
      const v = s[p.name];
      if (p.kind === "record") out[p.name] = read(v as Struct, p.type as RecordType);
      else if (p.kind === "array") {
        const list = v as ListLike;
        const items = (p.type as { items: IrType }).items;
        const arr = new Array(list.length);
        for (let i = 0; i < list.length; i++) arr[i] = getItem(list, i, items);
        out[p.name] = arr;
      } else out[p.name] = (v as capnp.Data).toUint8Array().slice();
    }
    return out;
  };

  const mapper = new IdlValueMapper(emitted, {
    enums: "number",
    keepAbsentOptionalNull: unions,
    fromLeaf: (v, t) => {
      if (typeof v === "bigint") return normalizeInt(v);
      if (t.kind === "bytes" && v instanceof Uint8Array) return v;
      return v as DataValue;
    },
  });
  const orig = dataset.schema.root;
  const inputs = dataset.messages.map((m) => mapper.toIdl(orig, idl, m));
  const skim = idl.fields
    .filter((f) => !isPointer(unwrap(f.type)) || unwrap(f.type).kind === "string")
    .slice(0, 3)
    .map((f) => f.name);
  return {
    inputs,
    encode: (o) => {
      const m = new capnp.Message();
      write(m.initRoot(Root) as Struct, idl, o as Record<string, unknown>);
      return new Uint8Array(packed ? m.toPackedArrayBuffer() : m.toArrayBuffer());
    },
    decode: (b) => read(new capnp.Message(b, packed, false).getRoot(Root) as Struct, idl),
    toPlain: (d) => mapper.fromIdl(orig, idl, d),
    access: (b) => {
      const r = new capnp.Message(b, packed, false).getRoot(Root) as Struct;
      let last: unknown;
      for (const k of skim) last = r[k];
      return last;
    },
    artifacts: [{ name: emitted.fileName, kind: "schema", text: emitted.text }, ...files],
    ...schemaReport(emitted),
    notes: [
      ...emitted.notes,
      `access reads ${skim.join(", ") || "no"} root field(s) without decoding the rest`,
    ],
  };
}

const untyped = (dataset: Dataset) => dataset.schema.root.kind === "any";

/**
 * The user's own .capnp when the IR came from one: capnp-es's code for it writes the schema's
 * ordinals, defaults, groups, unions and narrow integers as declared. When that code does not fit
 * the adapter, the emitted schema is measured and the notes say why.
 */
const ownCapnp = { idl: "capnp", emit: emitCapnp } as const;

function capnpAdapter(packed: boolean): Adapter {
  return {
    async generate(dataset, ctx) {
      if (!untyped(dataset))
        await withOwnSchema(dataset, ctx.workDir, ownCapnp, (emitted, dir) => loadGenerated(emitted, dir));
    },
    async prepare(dataset, ctx): Promise<PreparedCodec | Unsupported> {
      if (untyped(dataset)) return { unsupported: "Cap'n Proto needs a schema; the IR root is untyped" };
      const { value, fallback } = await withOwnSchema(dataset, ctx.workDir, ownCapnp, (emitted, dir) =>
        prepareCapnp(dataset, emitted, dir, packed),
      );
      if (fallback) value.notes = [fallback, ...(value.notes ?? [])];
      return value;
    },
  };
}

export const capnpUnpackedAdapter = capnpAdapter(false);
export const capnpPackedAdapter = capnpAdapter(true);
