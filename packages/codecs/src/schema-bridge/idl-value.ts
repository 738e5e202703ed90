import {
  type DataObject,
  type DataValue,
  type EmittedSchema,
  type IrType,
  isoMillis,
  type RecordField,
  type RecordType,
} from "@wirebench/schemas";
import { defineKey, isPlainObject } from "../adapters/convert-values.ts";
import { anyFromJson, anyToJson } from "./any-json.ts";
import { ABSENT, type Absent, defaultOf, normalizeInt, reverse } from "./ir-walk.ts";

/** Per-library hooks at the edges of the walk: field naming and scalar leaves. */
export interface IdlValueOptions {
  /** Key the library expects for an IDL field name, if it renames fields. Default: identity. */
  fieldKey?: (idlName: string) => string;
  /** A scalar leaf on its way into the library (e.g. bigint → string). Default: identity. */
  toLeaf?: (v: DataValue, idl: IrType) => unknown;
  /** A scalar leaf coming out of the library (e.g. Long → bigint). Default: bigint normalised. */
  fromLeaf?: (v: unknown, idl: IrType) => DataValue;
  /** Enums as the library holds them: `number` writes the IDL value instead of the symbol. Default: symbol. */
  enums?: "symbol" | "number";
  /**
   * A timestamp as the IDL holds it when the IDL IR keeps the `timestamp` kind (a user's .proto with
   * google.protobuf.Timestamp). Default: int64 epoch milliseconds through `toLeaf`/`fromLeaf`.
   */
  timestamp?: { toIdl(ms: number | bigint): unknown; fromIdl(v: unknown): number | bigint };
  /** An `any` value as the IDL holds it (google.protobuf.Value or Struct). Default: JSON text. */
  any?: { toIdl(v: DataValue, idl: IrType): unknown; fromIdl(v: unknown, idl: IrType): DataValue };
  /**
   * An optional field of type null that the sample leaves out stays out (a Cap'n Proto Void union
   * member the sample does not name), so the adapter sets only the member the sample names. Default:
   * filled in as null, since Avro writes nothing for a null type but its record must hold the field.
   */
  keepAbsentOptionalNull?: boolean;
  /**
   * The IDL cannot leave a required field out (Avro) and the source schema reads an absent one as its
   * zero value (proto3 implicit presence, Cap'n Proto): such a field the sample leaves out is written
   * as that value (""/0/false/the zero enum symbol/empty list or map), as Protobuf decodes it.
   * Records are not filled (an absent message field has presence). Default: left out.
   */
  absentAsZero?: boolean;
}

type Wrapper = RecordType & { wrapper?: "list" | "value" | "entry" };

/**
 * Every emitter writes the IR timestamp as a 64-bit integer of epoch milliseconds (proto int64, Avro
 * long/timestamp-millis, Thrift i64, FlatBuffers long, Cap'n Proto Int64), so adapters see it as int64.
 */
const TIMESTAMP_WIRE: IrType = { kind: "int64" };

/** How a sample wrote a timestamp, so decoding gives back the same shape. */
interface TimestampShape {
  iso: boolean;
  /** The ISO text had a fractional second; without one, whole seconds are written without `.000`. */
  fraction: boolean;
}

/**
 * Converts between the data model (original names, the original IR) and the shape an IDL sees
 * (`emitted.ir`: IDL identifiers, enum symbols, wrapper records for what the IDL cannot nest, maps as
 * entry lists, unions and `any` as JSON text). Walks both IRs side by side, so every library adapter
 * only deals with its own scalars.
 */
export class IdlValueMapper {
  private readonly fieldKey: (n: string) => string;
  private readonly toLeaf: (v: DataValue, t: IrType) => unknown;
  private readonly fromLeaf: (v: unknown, t: IrType) => DataValue;
  private readonly symbolsBack = new Map<string, Record<string, string>>();
  private readonly enumsAsNumbers: boolean;
  /** Per IR timestamp type, the shape the first sample value had (epoch number or ISO-8601 text). */
  private readonly timestampShapes = new WeakMap<IrType, TimestampShape>();
  private readonly timestampHook: IdlValueOptions["timestamp"];
  private readonly anyHook: IdlValueOptions["any"];
  private readonly keepAbsentOptionalNull: boolean;
  private readonly absentAsZero: boolean;

  constructor(
    private readonly emitted: EmittedSchema,
    opts: IdlValueOptions = {},
  ) {
    this.fieldKey = opts.fieldKey ?? ((n) => n);
    this.toLeaf = opts.toLeaf ?? ((v) => v);
    this.fromLeaf = opts.fromLeaf ?? ((v) => (typeof v === "bigint" ? normalizeInt(v) : (v as DataValue)));
    this.enumsAsNumbers = opts.enums === "number";
    this.timestampHook = opts.timestamp;
    this.anyHook = opts.any;
    this.keepAbsentOptionalNull = opts.keepAbsentOptionalNull ?? false;
    this.absentAsZero = opts.absentAsZero === true;
  }

  toIdl(orig: IrType, idl: IrType, v: DataValue): unknown {
    const r = this.to(orig, idl, v, "");
    return r === ABSENT ? null : r;
  }

  fromIdl(orig: IrType, idl: IrType, v: unknown): DataValue {
    return this.from(orig, idl, v, "");
  }

  /** The IDL's field for an IR field; undefined for a null-typed field the IDL left out. */
  private idlField(rec: RecordType, idlRec: RecordType, f: RecordField): RecordField | undefined {
    const name = this.emitted.fields[rec.name]?.[f.name] ?? f.name;
    const idlF = idlRec.fields.find((x) => x.name === name);
    if (!idlF && !isNullType(f.type)) throw new Error(`${idlRec.name} has no field ${name} for "${f.name}"`);
    return idlF;
  }

  private to(orig: IrType, idl: IrType, v: DataValue, path: string): unknown {
    if (idl.kind === "any") return this.anyHook ? this.anyHook.toIdl(v, idl) : anyToJson(v);
    if (orig.kind === "nullable") {
      if (idl.kind === "nullable") return v === null ? null : this.to(orig.type, idl.type, v, path);
      const w = idl as Wrapper;
      if (w.kind === "record" && w.wrapper === "value") {
        const inner = w.fields[0] as RecordField;
        // An optional `value` keeps null items in lists ({}); a required one means the field itself is absent.
        if (v === null) return inner.optional ? {} : ABSENT;
        return { [this.fieldKey(inner.name)]: this.to(orig.type, inner.type, v, path) };
      }
      if (v === null) return ABSENT;
      return this.to(orig.type, idl, v, path);
    }
    if (idl.kind === "nullable") return this.to(orig, idl.type, v, path);
    if (idl.kind === "record" && (idl as Wrapper).wrapper && orig.kind !== "record") {
      const w = idl as Wrapper;
      const inner = w.fields[0] as RecordField;
      return { [this.fieldKey(inner.name)]: this.to(orig, inner.type, v, path) };
    }
    switch (orig.kind) {
      case "record": {
        if (idl.kind !== "record")
          throw new Error(`${path || "/"}: record ${orig.name} is ${idl.kind} in the IDL`);
        if (!isPlainObject(v)) throw new Error(`${path || "/"}: expected an object (${orig.name})`);
        const out: Record<string, unknown> = {};
        for (const f of orig.fields) {
          const idlF = this.idlField(orig, idl, f);
          if (!idlF) continue;
          // Avro writes nothing for a null type, but the record must still hold the field.
          let value = (v as DataObject)[f.name];
          if (value === undefined && isNullType(idlF.type) && !(this.keepAbsentOptionalNull && f.optional))
            value = null;
          if (value === undefined && this.absentAsZero && !f.optional) value = zeroOf(f.type);
          if (value === undefined) continue;
          const cv = this.to(f.type, idlF.type, value, `${path}/${f.name}`);
          if (cv !== ABSENT) defineKey(out, this.fieldKey(idlF.name), cv);
        }
        return out;
      }
      case "array": {
        if (idl.kind !== "array" || !Array.isArray(v)) throw new Error(`${path || "/"}: expected an array`);
        return v.map((x, i) => this.item(orig.items, idl.items, x, `${path}/${i}`));
      }
      case "map": {
        if (!isPlainObject(v)) throw new Error(`${path || "/"}: expected an object (map)`);
        const o = v as DataObject;
        if (idl.kind === "array") {
          // Map as a list of {key, value} entry records.
          const entry = idl.items as RecordType;
          const [kf, vf] = entry.fields as [RecordField, RecordField];
          return Object.keys(o).map((k) => {
            const e: Record<string, unknown> = { [this.fieldKey(kf.name)]: k };
            const cv = this.to(orig.values, vf.type, o[k] as DataValue, `${path}/${k}`);
            if (cv !== ABSENT) e[this.fieldKey(vf.name)] = cv;
            return e;
          });
        }
        if (idl.kind !== "map") throw new Error(`${path || "/"}: map is ${idl.kind} in the IDL`);
        const out: Record<string, unknown> = {};
        for (const k of Object.keys(o))
          defineKey(out, k, this.item(orig.values, idl.values, o[k] as DataValue, `${path}/${k}`));
        return out;
      }
      case "enum":
        if (typeof v === "string") {
          const s = this.emitted.enumSymbols[orig.name]?.[v];
          if (s === undefined) throw new Error(`${path || "/"}: "${v}" is not a symbol of enum ${orig.name}`);
          if (this.enumsAsNumbers && idl.kind === "enum") {
            const i = idl.symbols.indexOf(s);
            return idl.values?.[i] ?? i;
          }
          return s;
        }
        return v;
      case "timestamp": {
        const ms = this.timestampToMillis(orig, v, path);
        if (this.timestampHook && idl.kind === "timestamp") return this.timestampHook.toIdl(ms);
        return this.toLeaf(ms, TIMESTAMP_WIRE);
      }
      case "null":
        return null;
      default:
        if (v === null) throw new Error(`${path || "/"}: null where the schema has ${orig.kind}`);
        return this.toLeaf(v, idl);
    }
  }

  /** Array items and map values: an absent (null) item cannot be left out, so it stays null. */
  private item(orig: IrType, idl: IrType, v: DataValue, path: string): unknown {
    const r = this.to(orig, idl, v, path);
    return r === ABSENT ? null : r;
  }

  private from(orig: IrType, idl: IrType, v: unknown, path: string): DataValue {
    if (idl.kind === "any") {
      if (this.anyHook) return this.anyHook.fromIdl(v, idl);
      if (v === undefined || v === null || v === "") return orig.kind === "nullable" ? null : defaultOf(orig);
      return anyFromJson(typeof v === "string" ? v : Buffer.from(v as Uint8Array).toString("utf8"));
    }
    if (orig.kind === "nullable") {
      if (v === undefined || v === null) return null;
      const w = idl as Wrapper;
      if (w.kind === "record" && w.wrapper === "value") {
        const inner = w.fields[0] as RecordField;
        const iv = (v as Record<string, unknown>)[this.fieldKey(inner.name)];
        // A present wrapper with a required `value` (a Protobuf Int32Value) omits a default value.
        if (iv === undefined || iv === null) return inner.optional ? null : defaultOf(orig.type);
        return this.from(orig.type, inner.type, iv, path);
      }
      return this.from(orig.type, idl.kind === "nullable" ? idl.type : idl, v, path);
    }
    if (idl.kind === "nullable")
      return v === undefined || v === null ? defaultOf(orig) : this.from(orig, idl.type, v, path);
    if (idl.kind === "record" && (idl as Wrapper).wrapper && orig.kind !== "record") {
      const inner = idl.fields[0] as RecordField;
      const iv =
        v === undefined || v === null ? undefined : (v as Record<string, unknown>)[this.fieldKey(inner.name)];
      return iv === undefined ? defaultOf(orig) : this.from(orig, inner.type, iv, path);
    }
    // Absent int64 means 0 (proto3 omits it), which is the epoch in the sample's own shape.
    if (orig.kind === "timestamp") {
      if (v === undefined || v === null) return this.timestampFromMillis(orig, 0);
      const hooked = this.timestampHook && idl.kind === "timestamp";
      return this.timestampFromMillis(
        orig,
        hooked ? normalizeTimestamp(this.timestampHook!.fromIdl(v)) : this.fromLeaf(v, TIMESTAMP_WIRE),
      );
    }
    if (v === undefined || v === null) return defaultOf(orig, this.enumDefault(orig, idl));
    switch (orig.kind) {
      case "record": {
        const rec = idl as RecordType;
        const o = v as Record<string, unknown>;
        const out: DataObject = {};
        for (const f of orig.fields) {
          const idlF = this.idlField(orig, rec, f);
          if (!idlF) {
            if (!f.optional) defineKey(out, f.name, null);
            continue;
          }
          const pv = o[this.fieldKey(idlF.name)];
          // Repeated and map fields have no presence in most IDLs: an empty one on an optional field
          // is read as absent (inference makes a field optional because samples lacked it).
          if (f.optional && isEmptyContainer(pv)) continue;
          if (pv === undefined || pv === null) {
            // A null read for an optional field of type null (a Cap'n Proto Void union member that is
            // set) is the value itself, not an absent field.
            if (f.optional && !(pv === null && isNullType(f.type))) continue;
            if (f.type.kind === "nullable") {
              defineKey(out, f.name, null);
              continue;
            }
          }
          defineKey(out, f.name, this.from(f.type, idlF.type, pv, `${path}/${f.name}`));
        }
        return out;
      }
      case "array":
        return (v as unknown[]).map((x, i) =>
          this.from(orig.items, (idl as { items: IrType }).items, x, `${path}/${i}`),
        );
      case "map": {
        const out: DataObject = {};
        if (idl.kind === "array") {
          const entry = idl.items as RecordType;
          const [kf, vf] = entry.fields as [RecordField, RecordField];
          for (const e of v as Record<string, unknown>[]) {
            defineKey(
              out,
              String(e[this.fieldKey(kf.name)]),
              this.from(orig.values, vf.type, e[this.fieldKey(vf.name)], path),
            );
          }
          return out;
        }
        const o = v instanceof Map ? Object.fromEntries(v) : (v as Record<string, unknown>);
        for (const k of Object.keys(o))
          defineKey(out, k, this.from(orig.values, (idl as { values: IrType }).values, o[k], `${path}/${k}`));
        return out;
      }
      case "enum": {
        if (typeof v === "number" && this.enumsAsNumbers && idl.kind === "enum") {
          const i = idl.values ? idl.values.indexOf(v) : v;
          v = idl.symbols[i] ?? v;
        }
        if (typeof v !== "string") return v as DataValue;
        let back = this.symbolsBack.get(orig.name);
        if (!back) {
          back = reverse(this.emitted.enumSymbols[orig.name]);
          this.symbolsBack.set(orig.name, back);
        }
        return back[v] ?? v;
      }
      default:
        return this.fromLeaf(v, idl);
    }
  }

  private timestampToMillis(orig: IrType, v: DataValue, path: string): number | bigint {
    const known = this.timestampShapes.has(orig);
    if (typeof v === "string") {
      const ms = isoMillis(v);
      if (Number.isNaN(ms)) throw new Error(`${path || "/"}: "${v}" is not an ISO-8601 timestamp`);
      if (!known) this.timestampShapes.set(orig, { iso: true, fraction: /[.,]\d/.test(v) });
      return ms;
    }
    if (typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v))) {
      if (!known) this.timestampShapes.set(orig, { iso: false, fraction: false });
      return typeof v === "bigint" ? normalizeInt(v) : v;
    }
    throw new Error(`${path || "/"}: a timestamp must be ISO-8601 text or epoch milliseconds`);
  }

  /**
   * Epoch milliseconds back to the shape the sample used. ISO text comes back in UTC with `Z`: a
   * sample with an offset or sub-millisecond digits reads back different, and fidelity names it.
   */
  private timestampFromMillis(orig: IrType, v: DataValue): DataValue {
    const ms = typeof v === "bigint" ? normalizeInt(v) : v;
    const shape = this.timestampShapes.get(orig);
    if (!shape?.iso || typeof ms !== "number") return ms;
    const d = new Date(ms);
    if (Number.isNaN(d.getTime())) return ms; // beyond the ±8.64e15 ms a JS Date can show
    const iso = d.toISOString();
    return !shape.fraction && iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
  }

  private enumDefault(orig: IrType, idl: IrType): string | undefined {
    if (orig.kind !== "enum" || idl.kind !== "enum") return undefined;
    // proto3 needs a zero symbol: when the IDL added one (values start above 0) absence has no IR symbol.
    return idl.values && !idl.values.includes(0) ? undefined : orig.symbols[0];
  }
}

export type { Absent };

const isNullType = (t: IrType) => t.kind === "null" || (t.kind === "nullable" && t.type.kind === "null");
const normalizeTimestamp = (ms: number | bigint): DataValue =>
  typeof ms === "bigint" ? normalizeInt(ms) : ms;

/** What an absent implicit-presence field reads as; undefined for kinds that have presence. */
function zeroOf(t: IrType): DataValue | undefined {
  switch (t.kind) {
    case "record":
    case "timestamp":
    case "union":
    case "nullable":
    case "any":
    case "null":
      return undefined;
    case "enum":
      // proto3's zero value is the symbol numbered 0 (the first, which proto3 requires to be 0).
      return defaultOf(t, t.values ? t.symbols[t.values.indexOf(0)] : undefined);
    default:
      return defaultOf(t);
  }
}

function isEmptyContainer(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  return isPlainObject(v) && Object.keys(v).length === 0;
}
