import {
  asWritten,
  type DataObject,
  type DataValue,
  type EmittedSchema,
  type IrSchema,
  type IrType,
  type RecordType,
} from "@wirebench/schemas";
import type { IdlValueOptions } from "../schema-bridge/idl-value-options.ts";
import { defineKey, isPlainObject } from "./convert-values.ts";

/**
 * The IR as the user's .proto sees it: a nullable imported from a wrapper message (Int32Value, …)
 * is that message, a record whose `value` field holds the value, and a ListValue is a message whose
 * `values` field holds the list. Timestamps, Struct and Value stay as they are: the hooks below
 * convert them.
 */
function protoView(t: IrType, done = new Map<IrType, IrType>()): IrType {
  const known = done.get(t);
  if (known) return known;
  let out: IrType;
  switch (t.kind) {
    case "record": {
      const rec: RecordType = { ...t, fields: [] };
      done.set(t, rec);
      rec.fields = t.fields.map((f) => ({ ...f, type: protoView(f.type, done) }));
      return rec;
    }
    case "nullable":
      out = t.wellKnown
        ? {
            kind: "record",
            name: t.wellKnown,
            wrapper: "value",
            fields: [{ name: "value", number: 1, type: protoView(t.type, done), optional: false }],
          }
        : { ...t, type: protoView(t.type, done) };
      break;
    case "array":
      out = { ...t, items: protoView(t.items, done) };
      if (t.wellKnown)
        out = {
          kind: "record",
          name: t.wellKnown,
          wrapper: "list",
          fields: [{ name: "values", number: 1, type: out, optional: false }],
        };
      break;
    case "map":
      out = { ...t, values: protoView(t.values, done) };
      break;
    default:
      out = t;
  }
  done.set(t, out);
  return out;
}

/** A JSON value as a google.protobuf.Value message object (protobufjs fromObject shape). */
function toValue(v: DataValue): Record<string, unknown> {
  if (v === null) return { nullValue: "NULL_VALUE" };
  if (typeof v === "boolean") return { boolValue: v };
  if (typeof v === "number" || typeof v === "bigint") return { numberValue: Number(v) };
  if (typeof v === "string") return { stringValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(toValue) } };
  if (isPlainObject(v)) return { structValue: toStruct(v as DataObject) };
  return { stringValue: Buffer.from(v as Uint8Array).toString("base64") };
}

function toStruct(o: DataObject): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const k of Object.keys(o)) defineKey(fields, k, toValue(o[k] as DataValue));
  return { fields };
}

function fromValue(v: unknown): DataValue {
  const m = (v ?? {}) as Record<string, unknown>;
  if (m.boolValue !== undefined) return m.boolValue as boolean;
  if (m.numberValue !== undefined) return m.numberValue as number;
  if (m.stringValue !== undefined) return m.stringValue as string;
  if (m.listValue !== undefined)
    return (((m.listValue as { values?: unknown[] }).values ?? []) as unknown[]).map(fromValue);
  if (m.structValue !== undefined) return fromStruct(m.structValue);
  return null;
}

function fromStruct(v: unknown): DataObject {
  const out: DataObject = {};
  const fields = ((v ?? {}) as { fields?: Record<string, unknown> }).fields ?? {};
  for (const k of Object.keys(fields)) defineKey(out, k, fromValue(fields[k]));
  return out;
}

/**
 * Value-mapper hooks for the well-known messages a user's .proto may use: Timestamp as
 * {seconds, nanos} (the IR holds epoch milliseconds), Struct and Value as their messages.
 */
export const wellKnownHooks: Pick<IdlValueOptions, "timestamp" | "any"> = {
  timestamp: {
    toIdl(ms) {
      const n = BigInt(ms);
      const milli = ((n % 1000n) + 1000n) % 1000n;
      return { seconds: ((n - milli) / 1000n).toString(), nanos: Number(milli) * 1_000_000 };
    },
    fromIdl(v) {
      const t = v as { seconds?: bigint | number; nanos?: number };
      return BigInt(t.seconds ?? 0) * 1000n + BigInt(Math.floor((t.nanos ?? 0) / 1_000_000));
    },
  },
  any: {
    toIdl: (v, idl) =>
      idl.kind === "any" && idl.wellKnown === "google.protobuf.Struct"
        ? toStruct(isPlainObject(v) ? (v as DataObject) : {})
        : toValue(v),
    fromIdl: (v, idl) =>
      idl.kind === "any" && idl.wellKnown === "google.protobuf.Struct" ? fromStruct(v) : fromValue(v),
  },
};

/** The user's .proto, when the IR came from one; undefined otherwise (the IR's emitted .proto is used). */
export function protoAsWritten(schema: IrSchema): EmittedSchema | undefined {
  if (schema.original?.idl !== "proto") return undefined;
  return asWritten(schema, "schema.proto", protoView(schema.root));
}
