import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  type Dataset,
  type DataValue,
  type EmittedSchema,
  emitFbs,
  type IrType,
  isFbsOptionalScalar,
  type RecordField,
  type RecordType,
} from "@wirebench/schemas";
import * as flatbuffers from "flatbuffers";
import { generateOnce } from "../codegen/generate-once.ts";
import { linkModules, packageDir } from "../codegen/link-modules.ts";
import { runCompiler } from "../codegen/run-compiler.ts";
import { listFiles, transpileGenerated } from "../codegen/transpile-generated.ts";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { normalizeInt } from "../schema-bridge/ir-walk.ts";
import { withOwnSchema } from "../schema-bridge/own-schema.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec, Unsupported } from "./types.ts";

interface TableReader {
  unpack(): object;
  [accessor: string]: unknown;
}
interface TableClass {
  [getRoot: string]: unknown;
}
type ObjectClass = new () => { pack(b: flatbuffers.Builder): number };

/**
 * `flatc --ts --gen-object-api` into the run's work dir, transpiled to CommonJS there (the generated
 * code imports `flatbuffers`, linked into the work dir's node_modules).
 */
function generateCode(emitted: EmittedSchema, workDir: string): Promise<void> {
  return generateOnce(workDir, async () => {
    const fbs = join(workDir, emitted.fileName);
    writeFileSync(fbs, emitted.text);
    await runCompiler("flatc", ["--ts", "--gen-object-api", "-o", join(workDir, "gen-ts"), fbs], {
      debianPackage: "flatbuffers-compiler",
    });
    await transpileGenerated(join(workDir, "gen-ts"), join(workDir, "gen-js"));
    linkModules(workDir, { flatbuffers: packageDir("flatbuffers") });
  });
}

/** The generated module, loaded from the work dir, and its TypeScript sources as artifacts. */
async function loadGenerated(emitted: EmittedSchema, workDir: string) {
  await generateCode(emitted, workDir);
  const src = join(workDir, "gen-ts");
  const out = join(workDir, "gen-js");
  const index = listFiles(out, "_generated.js")[0];
  if (!index) throw new Error("flatc generated no *_generated.ts");
  const path = join(out, index);
  const mod = createRequire(path)(path) as Record<string, unknown>;
  const files = listFiles(src, ".ts").map((f) => ({
    name: `gen-ts/${f}`,
    kind: "generated" as const,
    text: readFileSync(join(src, f), "utf8"),
  }));
  return { mod, files };
}

/** Records of the IDL IR by name, to instantiate object-API classes (`<Name>T`). */
function recordsOf(t: IrType, out = new Map<string, RecordType>()): Map<string, RecordType> {
  if (t.kind === "record") {
    if (out.has(t.name)) return out;
    out.set(t.name, t);
    for (const f of t.fields) recordsOf(f.type, out);
  } else if (t.kind === "array") recordsOf(t.items, out);
  else if (t.kind === "map") recordsOf(t.values, out);
  else if (t.kind === "nullable") recordsOf(t.type, out);
  else if (t.kind === "union") for (const v of t.variants) recordsOf(v, out);
  return out;
}

/** flatc's TypeScript name of a field (`equipped_type` → `equippedType`). */
const camel = (name: string) => name.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const forced = Symbol("forcesDefaults");

/**
 * flatc 2.0.8's TypeScript gives an optional scalar (`x: bool = null`) an adder that passes the
 * type's default (`addFieldInt8(i, +x, 0)`), so a present `false` or `0` is skipped and reads back as
 * null. `create<T>` only calls the adder when the value is not null, so forcing defaults for the
 * duration of that one call writes exactly the present values. Forcing defaults for the whole build
 * is not an option: it would also write null offsets and defaults of required scalars.
 */
function keepOptionalScalarDefaults(table: TableClass | undefined, rec: RecordType, byName: boolean): void {
  if (!table) throw new Error(`generated code has no table ${rec.name}`);
  // A struct has no adders (it is written inline); only tables need this.
  if (typeof table[`start${rec.name}`] !== "function") return;
  // One static adder per field, in declaration order (flatc writes them that way); a user's schema may
  // declare fields out of id order, so there each adder is found by its name.
  const adders = byName
    ? rec.fields.map((f) => `add${upperFirst(camel(f.name))}`)
    : Object.getOwnPropertyNames(table).filter(
        (n) => /^add[A-Z0-9_]/.test(n) && typeof table[n] === "function",
      );
  if (adders.length !== rec.fields.length || adders.some((a) => typeof table[a] !== "function"))
    throw new Error(`${rec.name}'s adders do not match the schema's ${rec.fields.length} fields`);
  rec.fields.forEach((f, i) => {
    if (!isFbsOptionalScalar(f)) return;
    const name = adders[i] as string;
    const add = table[name] as ((b: flatbuffers.Builder, v: unknown) => void) & { [forced]?: true };
    // The generated module is cached by require: a second prepare in this process sees it patched.
    if (add[forced]) return;
    table[name] = Object.assign(
      (b: flatbuffers.Builder, v: unknown) => {
        b.forceDefaults(true);
        try {
          add.call(table, b, v);
        } finally {
          b.forceDefaults(false);
        }
      },
      { [forced]: true as const },
    );
  });
}

const nullSafe = Symbol("absentVectorIsZero");

/**
 * flatc 2.0.8's object API gives every vector field `[]` and its pack() always writes a vector, so a
 * field the sample leaves out would be an empty vector where `flatc -b` writes nothing. The adapter
 * sets an absent vector to null; these static `create<Field>Vector`s then give offset 0 for it, which
 * the table's adder skips (an offset field equal to its default 0 is not written).
 */
function skipAbsentVectors(table: TableClass | undefined): void {
  if (!table) return;
  for (const name of Object.getOwnPropertyNames(table)) {
    const create = table[name] as ((b: flatbuffers.Builder, data: unknown) => number) & { [nullSafe]?: true };
    if (!/^create\w+Vector$/.test(name) || typeof create !== "function" || create[nullSafe]) continue;
    table[name] = Object.assign(
      (b: flatbuffers.Builder, data: unknown) => (data == null ? 0 : create.call(table, b, data)),
      { [nullSafe]: true as const },
    );
  }
}

/**
 * pack() hands a vector of tables or strings to `createObjectOffsetList` and a vector of structs to
 * `createStructOffsetList`, neither of which accepts null: an absent vector passes through as null
 * (for the patched `create<Field>Vector`) or offset 0.
 */
class AbsentVectorBuilder extends flatbuffers.Builder {
  override createObjectOffsetList(list: string[] | flatbuffers.IGeneratedObject[]): flatbuffers.Offset[] {
    return list == null ? (null as unknown as flatbuffers.Offset[]) : super.createObjectOffsetList(list);
  }
  override createStructOffsetList(
    list: string[] | flatbuffers.IGeneratedObject[],
    startFunc: (builder: flatbuffers.Builder, length: number) => void,
  ): flatbuffers.Offset {
    return list == null ? 0 : super.createStructOffsetList(list, startFunc);
  }
}

/** FlatBuffers with flatc's TypeScript object API: pack() to encode, unpack() to decode, accessors for access. */
export async function prepareFlatbuffers(
  dataset: Dataset,
  emitted: EmittedSchema,
  workDir: string,
): Promise<PreparedCodec> {
  const { mod, files } = await loadGenerated(emitted, workDir);
  const idl = emitted.ir.root;
  if (idl.kind !== "record") throw new Error("the FlatBuffers root must be a table");
  const records = recordsOf(idl);
  const asWritten = emitted.ir.original?.idl === "fbs" && emitted.text === emitted.ir.original.text;
  // flatc renames fields (lowerCamelCase, keyword escapes): read the object-API property names from a
  // default instance; they follow the declaration order of the schema's fields.
  const props = new Map<string, string[]>();
  const classes = new Map<string, ObjectClass>();
  for (const [name, rec] of records) {
    const T = mod[`${name}T`] as ObjectClass | undefined;
    if (typeof T !== "function") throw new Error(`generated code has no ${name}T class`);
    const own = Object.keys(new T());
    // A user's schema may declare fields out of id order (the IR is in id order): match by name.
    const keys = asWritten ? rec.fields.map((f) => camel(f.name)) : own;
    if (keys.length !== rec.fields.length || keys.some((k) => !own.includes(k)))
      throw new Error(`${name}T's fields (${own.join(", ")}) do not match the schema's ${rec.fields.length}`);
    props.set(name, keys);
    classes.set(name, T);
  }
  for (const rec of records.values()) {
    keepOptionalScalarDefaults(mod[rec.name] as TableClass, rec, asWritten);
    skipAbsentVectors(mod[rec.name] as TableClass);
  }
  const mapper = new IdlValueMapper(emitted, {
    enums: "number",
    toLeaf: (v, t) => {
      if (t.kind === "int64" || t.kind === "uint64") return BigInt(v as number | bigint);
      return v;
    },
    fromLeaf: (v, t) => {
      if (typeof v === "bigint") return normalizeInt(t.kind === "uint64" ? BigInt.asUintN(64, v) : v);
      if (t.kind === "bytes" && Array.isArray(v)) return new Uint8Array(v);
      return v as DataValue;
    },
  });
  /**
   * The member table of a union field `x`, from its sibling `x_type` (as the importer lays a
   * FlatBuffers union out): the enum's values after NONE (0) name the members in order.
   */
  const unionOf = (rec: RecordType, f: RecordField, values: Record<string, unknown>): IrType | undefined => {
    const t = f.type.kind === "nullable" ? f.type.type : f.type;
    if (t.kind !== "union") return undefined;
    const tag = rec.fields.find((x) => x.name === `${f.name}_type`);
    const e = tag && (tag.type.kind === "nullable" ? tag.type.type : tag.type);
    if (e?.kind !== "enum") throw new Error(`union ${rec.name}.${f.name} has no ${f.name}_type field`);
    const n = values[tag!.name];
    const number = typeof n === "string" ? (e.values?.[e.symbols.indexOf(n)] ?? e.symbols.indexOf(n)) : n;
    const members = (e.values ?? e.symbols.map((_, i) => i)).filter((x) => x !== 0);
    return t.variants[members.indexOf(number as number)];
  };
  const toObjectApi = (t: IrType, v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (t.kind === "nullable") return toObjectApi(t.type, v);
    if (t.kind === "array") return (v as unknown[]).map((x) => toObjectApi(t.items, x));
    if (t.kind !== "record") return v;
    const T = classes.get(t.name) as ObjectClass;
    const keys = props.get(t.name) as string[];
    const o = new T() as unknown as Record<string, unknown>;
    const src = v as Record<string, unknown>;
    t.fields.forEach((f, i) => {
      const key = keys[i] as string;
      if (src[f.name] === undefined) {
        // An absent vector is left out of the buffer, as flatc -b leaves it (see skipAbsentVectors);
        // a required one keeps the object API's empty vector, since the builder must write it.
        if (f.optional && Array.isArray(o[key])) o[key] = null;
        return;
      }
      const u = unionOf(t, f, src);
      // The value mapper passes a union through untouched; its member is mapped here, once known.
      o[key] = u
        ? toObjectApi(u, mapper.toIdl(u, u, src[f.name] as DataValue))
        : toObjectApi(f.type, src[f.name]);
    });
    return o;
  };
  const fromObjectApi = (t: IrType, v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (t.kind === "nullable") return fromObjectApi(t.type, v);
    if (t.kind === "array") return (v as unknown[]).map((x) => fromObjectApi(t.items, x));
    if (t.kind !== "record") return v;
    const keys = props.get(t.name) as string[];
    const src = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    t.fields.forEach((f, i) => {
      const raw = src[keys[i] as string];
      const u = unionOf(t, f, out);
      out[f.name] =
        u && raw != null ? mapper.fromIdl(u, u, fromObjectApi(u, raw)) : fromObjectApi(f.type, raw);
    });
    return out;
  };
  const Table = mod[idl.name] as TableClass;
  const getRoot = Table[`getRootAs${idl.name}`] as (bb: flatbuffers.ByteBuffer) => TableReader;
  const orig = dataset.schema.root;
  const inputs = dataset.messages.map((m) => toObjectApi(idl, mapper.toIdl(orig, idl, m)));
  // Access reads up to three scalar or string fields of the root, the way a reader skims a message.
  const rootKeys = props.get(idl.name) as string[];
  const skim = idl.fields
    .map((f, i) => ({ f, key: rootKeys[i] as string }))
    .filter(({ f }) => {
      const k = f.type.kind === "nullable" ? f.type.type.kind : f.type.kind;
      return !["record", "array", "map", "any", "union", "bytes"].includes(k);
    })
    .slice(0, 3)
    .map(({ key }) => key);
  const builder = new AbsentVectorBuilder(1024);
  return {
    inputs,
    encode: (o) => {
      builder.clear();
      builder.finish((o as InstanceType<ObjectClass>).pack(builder));
      // asUint8Array() is a view into the reused builder: copy, as every other codec returns fresh bytes.
      return builder.asUint8Array().slice();
    },
    decode: (b) => getRoot(new flatbuffers.ByteBuffer(b)).unpack(),
    toPlain: (d) => mapper.fromIdl(orig, idl, fromObjectApi(idl, d)),
    access: (b) => {
      const r = getRoot(new flatbuffers.ByteBuffer(b));
      let last: unknown;
      for (const k of skim) last = (r[k] as () => unknown).call(r);
      return last;
    },
    artifacts: [{ name: emitted.fileName, kind: "schema", text: emitted.text }, ...files],
    ...schemaReport(emitted),
    notes: [
      ...emitted.notes,
      `access reads ${skim.join(", ") || "no"} root field(s) without unpacking`,
      "optional scalars (`= null`) equal to the type's default are written with forceDefaults: flatc 2.0.8 --ts would skip them",
    ],
  };
}

const untyped = (dataset: Dataset) => dataset.schema.root.kind === "any";

/**
 * The user's own .fbs when the IR came from one: flatc's code for it writes the schema's defaults,
 * ids, narrow scalars, structs and unions as declared (a scalar equal to its declared default is left
 * out, as flatc leaves it). When that code does not fit the adapter, the emitted schema is measured.
 */
const ownFbs = { idl: "fbs", emit: emitFbs } as const;

export const flatbuffersAdapter: Adapter = {
  async generate(dataset, ctx) {
    if (!untyped(dataset))
      await withOwnSchema(dataset, ctx.workDir, ownFbs, (emitted, dir) => loadGenerated(emitted, dir));
  },
  async prepare(dataset, ctx): Promise<PreparedCodec | Unsupported> {
    if (untyped(dataset)) return { unsupported: "FlatBuffers needs a schema; the IR root is untyped" };
    const { value, fallback } = await withOwnSchema(dataset, ctx.workDir, ownFbs, (emitted, dir) =>
      prepareFlatbuffers(dataset, emitted, dir),
    );
    if (fallback) value.notes = [fallback, ...(value.notes ?? [])];
    return value;
  },
};
