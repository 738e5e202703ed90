import { type Dataset, type DataValue, type EmittedSchema, emitFbs } from "@wirebench/schemas";
import * as flatbuffers from "flatbuffers";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { normalizeInt } from "../schema-bridge/ir-walk.ts";
import { withOwnSchema } from "../schema-bridge/own-schema.ts";
import { loadFlatbuffersCode } from "./flatbuffers/generate-code.ts";
import { type ObjectClass, objectApiClasses, recordsOf } from "./flatbuffers/map-object-api.ts";
import {
  AbsentVectorBuilder,
  keepOptionalScalarDefaults,
  skipAbsentVectors,
  type TableClass,
} from "./flatbuffers/patch-generated.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec } from "./types.ts";

interface TableReader {
  unpack(): object;
  [accessor: string]: unknown;
}

/** FlatBuffers with flatc's TypeScript object API: pack() to encode, unpack() to decode, accessors for access. */
export async function prepareFlatbuffers(
  dataset: Dataset,
  emitted: EmittedSchema,
  workDir: string,
): Promise<PreparedCodec> {
  const { mod, files } = await loadFlatbuffersCode(emitted, workDir);
  const idl = emitted.ir.root;
  if (idl.kind !== "record") throw new Error("the FlatBuffers root must be a table");
  const records = recordsOf(idl);
  const asWritten = emitted.ir.original?.idl === "fbs" && emitted.text === emitted.ir.original.text;
  const { props, converters } = objectApiClasses(mod, records, asWritten);
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
  const { toObjectApi, fromObjectApi } = converters(mapper);
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

/**
 * The user's own .fbs when the IR came from one: flatc's code for it writes the schema's defaults,
 * ids, narrow scalars, structs and unions as declared (a scalar equal to its declared default is left
 * out, as flatc leaves it). When that code does not fit the adapter, the emitted schema is measured.
 * Untyped data never reaches here: the registry's `schema` flag turns it away (registry/require-schema.ts).
 */
const ownFbs = { idl: "fbs", emit: emitFbs } as const;

export const flatbuffersAdapter: Adapter = {
  async generate(dataset, ctx) {
    await withOwnSchema(dataset, ctx.workDir, ownFbs, (emitted, dir) => loadFlatbuffersCode(emitted, dir));
  },
  async prepare(dataset, ctx): Promise<PreparedCodec> {
    const { value, fallback } = await withOwnSchema(dataset, ctx.workDir, ownFbs, (emitted, dir) =>
      prepareFlatbuffers(dataset, emitted, dir),
    );
    if (fallback) value.notes = [fallback, ...(value.notes ?? [])];
    return value;
  },
};
