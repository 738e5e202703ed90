import type {
  DataObject,
  DataValue,
  EmittedSchema,
  IrType,
  RecordField,
  RecordType,
} from "@wirebench/schemas";
import { defineKey, isPlainObject } from "../adapters/convert-values.ts";
import { anyFromJson, anyToJson } from "./any-json.ts";
import { EnumSymbols, enumDefault } from "./enum-symbols.ts";
import type { IdlValueOptions } from "./idl-value-options.ts";
import {
  ABSENT,
  defaultOf,
  isEmptyContainer,
  isNullType,
  normalizeInt,
  normalizeTimestamp,
  zeroOf,
} from "./ir-walk.ts";
import { TIMESTAMP_WIRE, TimestampShapes, type Wrapper } from "./timestamp-shapes.ts";

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
  private readonly enums: EnumSymbols;
  private readonly timestamps = new TimestampShapes();
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
    this.enums = new EnumSymbols(emitted.enumSymbols, opts.enums === "number");
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
        return this.enums.toIdl(orig, idl, v, path);
      case "timestamp": {
        const ms = this.timestamps.toMillis(orig, v, path);
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
      if (v === undefined || v === null) return this.timestamps.fromMillis(orig, 0);
      const hooked = this.timestampHook && idl.kind === "timestamp";
      return this.timestamps.fromMillis(
        orig,
        hooked ? normalizeTimestamp(this.timestampHook!.fromIdl(v)) : this.fromLeaf(v, TIMESTAMP_WIRE),
      );
    }
    if (v === undefined || v === null) return defaultOf(orig, enumDefault(orig, idl));
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
      case "enum":
        return this.enums.fromIdl(orig, idl, v);
      default:
        return this.fromLeaf(v, idl);
    }
  }
}
