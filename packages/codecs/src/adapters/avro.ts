import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { asWritten, type Dataset, type EmittedSchema, emitAvsc, type IrSchema } from "@wirebench/schemas";
import avro from "avsc";
import { IdlValueMapper } from "../schema-bridge/idl-value.ts";
import { asBuffer } from "./convert-values.ts";
import { schemaReport } from "./schema-report.ts";
import type { Adapter, PreparedCodec } from "./types.ts";

/**
 * avsc's `long` is a JS number and refuses values beyond 2^53; this one carries bigint on the wire
 * format unchanged (8-byte zig-zag varint encoding is done by avsc from the 8-byte buffer).
 * Avro has no unsigned 64-bit type: uint64 values above 2^63-1 wrap, and fidelity reports it.
 */
export const bigintLong = avro.types.LongType.__with({
  fromBuffer: (buf: Buffer) => buf.readBigInt64LE(),
  toBuffer: (n: bigint | number) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt.asIntN(64, BigInt(n)));
    return buf;
  },
  fromJSON: (x: unknown) => BigInt(x as string),
  toJSON: (n: bigint) => Number(n),
  isValid: (n: unknown) => typeof n === "bigint" || (typeof n === "number" && Number.isInteger(n)),
  compare: (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1),
});

/** Apache Avro binary with avsc, from the `.avsc` the schemas package emits. */
export function prepareAvro(dataset: Dataset, emitted: EmittedSchema, workDir: string): PreparedCodec {
  writeFileSync(join(workDir, emitted.fileName), emitted.text);
  const type = avroTypeOf(emitted);
  const mapper = new IdlValueMapper(emitted, {
    // avsc checks `Buffer.isBuffer` for bytes.
    toLeaf: (v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v) : v),
    // Avro has no absent field: a proto3 (or Cap'n Proto) field the sample leaves out is its zero value.
    absentAsZero: dataset.schema.source === "proto" || dataset.schema.source === "capnp",
  });
  const orig = dataset.schema.root;
  const idl = emitted.ir.root;
  const inputs = dataset.messages.map((m, i) => {
    const value = mapper.toIdl(orig, idl, m);
    const bad: string[] = [];
    type.isValid(value, { errorHook: (path: string[]) => bad.push(path.join(".")) });
    if (bad.length > 0)
      throw new Error(`message ${i} does not fit the .avsc at ${bad.slice(0, 3).join(", ")}`);
    return value;
  });
  return {
    inputs,
    encode: (v) => type.toBuffer(v),
    decode: (b) => type.fromBuffer(asBuffer(b)),
    toPlain: (d) => mapper.fromIdl(orig, idl, d),
    artifacts: [{ name: emitted.fileName, kind: "schema", text: emitted.text }],
    ...schemaReport(emitted),
    notes: [...emitted.notes, "long carried as bigint (custom avsc LongType)"],
  };
}

/**
 * The `.avsc` a dataset is measured with. A schema imported from an .avsc is measured as written
 * (Avro's reference bytes); the IR names are the .avsc's own, so values map one to one. Other
 * runtimes get this very text (docs/polyglot.md).
 */
export function avroSchemaOf(schema: IrSchema): EmittedSchema {
  return schema.original?.idl === "avsc" ? asWritten(schema, "schema.avsc") : emitAvsc(schema);
}

/** The avsc type of an emitted `.avsc`, with 64-bit longs carried as bigint. */
export function avroTypeOf(emitted: { text: string }): avro.Type {
  return avro.Type.forSchema(JSON.parse(emitted.text), { registry: { long: bigintLong } });
}

export const avroAdapter: Adapter = {
  prepare(dataset, ctx): PreparedCodec {
    return prepareAvro(dataset, avroSchemaOf(dataset.schema), ctx.workDir);
  },
};
