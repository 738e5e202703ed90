import { type DataValue, type IrType, isoMillis, type RecordType } from "@wirebench/schemas";
import { normalizeInt } from "./ir-walk.ts";

/** An emitted record that wraps what its IDL cannot nest (RecordType.wrapper). */
export type Wrapper = RecordType & { wrapper?: "list" | "value" | "entry" };

/**
 * Every emitter writes the IR timestamp as a 64-bit integer of epoch milliseconds (proto int64, Avro
 * long/timestamp-millis, Thrift i64, FlatBuffers long, Cap'n Proto Int64), so adapters see it as int64.
 */
export const TIMESTAMP_WIRE: IrType = { kind: "int64" };

/** How a sample wrote a timestamp, so decoding gives back the same shape. */
interface TimestampShape {
  iso: boolean;
  /** The ISO text had a fractional second; without one, whole seconds are written without `.000`. */
  fraction: boolean;
}

/**
 * Timestamps between the sample's shape and epoch milliseconds: per IR timestamp type, the shape the
 * first sample value had (epoch number or ISO-8601 text) is what decoding gives back.
 */
export class TimestampShapes {
  private readonly shapes = new WeakMap<IrType, TimestampShape>();

  toMillis(orig: IrType, v: DataValue, path: string): number | bigint {
    const known = this.shapes.has(orig);
    if (typeof v === "string") {
      const ms = isoMillis(v);
      if (Number.isNaN(ms)) throw new Error(`${path || "/"}: "${v}" is not an ISO-8601 timestamp`);
      if (!known) this.shapes.set(orig, { iso: true, fraction: /[.,]\d/.test(v) });
      return ms;
    }
    if (typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v))) {
      if (!known) this.shapes.set(orig, { iso: false, fraction: false });
      return typeof v === "bigint" ? normalizeInt(v) : v;
    }
    throw new Error(`${path || "/"}: a timestamp must be ISO-8601 text or epoch milliseconds`);
  }

  /**
   * Epoch milliseconds back to the shape the sample used. ISO text comes back in UTC with `Z`: a
   * sample with an offset or sub-millisecond digits reads back different, and fidelity names it.
   */
  fromMillis(orig: IrType, v: DataValue): DataValue {
    const ms = typeof v === "bigint" ? normalizeInt(v) : v;
    const shape = this.shapes.get(orig);
    if (!shape?.iso || typeof ms !== "number") return ms;
    const d = new Date(ms);
    if (Number.isNaN(d.getTime())) return ms; // beyond the ±8.64e15 ms a JS Date can show
    const iso = d.toISOString();
    return !shape.fraction && iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
  }
}
