import type { IrType, RecordType } from "@wirebench/schemas";
import { ByteReader } from "./byte-reader.ts";
import type { IdlNames } from "./idl-names.ts";
import { discard, joinPath, type Tally } from "./tally.ts";

/** What a walk needs to name a struct's fields: the IDL's records by name. */
export interface ThriftContext {
  names: IdlNames;
  compact: boolean;
}

/** Thrift type ids of the binary protocol, and the compact protocol's ids mapped onto them. */
const T = {
  BOOL: 2,
  BYTE: 3,
  DOUBLE: 4,
  I16: 6,
  I32: 8,
  I64: 10,
  STRING: 11,
  STRUCT: 12,
  MAP: 13,
  SET: 14,
  LIST: 15,
  UUID: 16,
};
const fromCompact: Record<number, number> = {
  1: T.BOOL,
  2: T.BOOL,
  3: T.BYTE,
  4: T.I16,
  5: T.I32,
  6: T.I64,
  7: T.DOUBLE,
  8: T.STRING,
  9: T.LIST,
  10: T.SET,
  11: T.MAP,
  12: T.STRUCT,
  13: T.UUID,
};

/**
 * Thrift binary or compact protocol along the IDL: each field header (type and id) goes to `tag`,
 * except a compact bool field's, which carries the value and goes to the field's path; a scalar (a
 * string's length included) to its path; a list, set or map header to `length`; a map's keys to
 * `key`; each struct's STOP byte to `structure`.
 */
export function walkThrift(bytes: Uint8Array, root: RecordType, ctx: ThriftContext, tally: Tally): void {
  const r = new ByteReader(bytes);
  struct(r, root, "", ctx, tally);
  if (!r.done) throw new Error(`Thrift: ${bytes.length - r.pos} bytes after the struct`);
}

function unwrap(t: IrType | undefined): IrType | undefined {
  let cur = t;
  while (cur?.kind === "nullable") cur = cur.type;
  return cur;
}

function struct(
  r: ByteReader,
  rec: RecordType | undefined,
  path: string,
  ctx: ThriftContext,
  t: Tally,
): void {
  let lastId = 0;
  for (;;) {
    const start = r.pos;
    const head = r.u8();
    if (head === 0) {
      t.add(path, "structure", 1);
      return;
    }
    let type: number;
    let id: number;
    let boolInHeader = false;
    if (ctx.compact) {
      const compactType = head & 0x0f;
      type = fromCompact[compactType] ?? -1;
      boolInHeader = compactType === 1 || compactType === 2;
      const delta = head >> 4;
      id = delta === 0 ? zigzag(r) : lastId + delta;
    } else {
      type = head;
      id = r.uintBE(2);
      if (id >= 0x8000) id -= 0x10000;
    }
    lastId = id;
    const field = rec?.fields.find((f) => f.number === id);
    const place = field
      ? ctx.names.place(path, rec?.name ?? "", field.name)
      : { path: joinPath(path, `#${id}`), key: false };
    t.add(place.path, boolInHeader ? "value" : "tag", r.since(start));
    if (boolInHeader) continue;
    value(r, type, unwrap(field?.type), place.path, { ctx, t });
  }
}

/** The context and the tally a nested walk adds to. */
interface Walk {
  ctx: ThriftContext;
  t: Tally;
}

function zigzag(r: ByteReader): number {
  const v = r.varint();
  return Number((v >> 1n) ^ -(v & 1n));
}

function value(r: ByteReader, type: number, ir: IrType | undefined, path: string, w: Walk): void {
  const { ctx, t } = w;
  const start = r.pos;
  switch (type) {
    case T.STRUCT:
      struct(r, ir?.kind === "record" ? ir : undefined, path, ctx, t);
      return;
    case T.LIST:
    case T.SET:
    case T.MAP:
      container(r, type, ir, path, w);
      return;
    case T.BOOL:
    case T.BYTE:
      r.skip(1);
      break;
    case T.DOUBLE:
      r.skip(8);
      break;
    case T.I16:
    case T.I32:
    case T.I64:
      if (ctx.compact) r.varint();
      else r.skip(type === T.I16 ? 2 : type === T.I32 ? 4 : 8);
      break;
    case T.STRING:
      r.skip(ctx.compact ? r.length() : r.uintBE(4));
      break;
    case T.UUID:
      r.skip(16);
      break;
    default:
      throw new Error(`Thrift: type id ${type} at ${start} is not walked`);
  }
  t.add(path, "value", r.since(start));
}

function container(r: ByteReader, type: number, ir: IrType | undefined, path: string, w: Walk) {
  const { ctx, t } = w;
  const start = r.pos;
  let size: number;
  let elem = 0;
  let keyType = 0;
  if (type === T.MAP) {
    if (ctx.compact) {
      size = r.length();
      if (size > 0) {
        const kv = r.u8();
        [keyType, elem] = [fromCompact[kv >> 4] ?? -1, fromCompact[kv & 0x0f] ?? -1];
      }
    } else {
      [keyType, elem, size] = [r.u8(), r.u8(), r.uintBE(4)];
    }
  } else if (ctx.compact) {
    const head = r.u8();
    elem = fromCompact[head & 0x0f] ?? -1;
    size = head >> 4 === 15 ? r.length() : head >> 4;
  } else {
    [elem, size] = [r.u8(), r.uintBE(4)];
  }
  t.add(path, "length", r.since(start));
  const items = ir?.kind === "array" ? unwrap(ir.items) : ir?.kind === "map" ? unwrap(ir.values) : undefined;
  const valuePath = type === T.MAP ? joinPath(path, "*") : path;
  for (let i = 0; i < size; i++) {
    if (type === T.MAP) {
      const keyStart = r.pos;
      value(r, keyType, undefined, path, { ctx, t: discard });
      t.add(path, "key", r.since(keyStart));
    }
    // A bool inside a compact list or map is one byte (1 true, 2 false), like a byte.
    value(r, elem, items, valuePath, w);
  }
}
