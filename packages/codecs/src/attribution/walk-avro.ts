import avro from "avsc";
import { ByteReader } from "./byte-reader.ts";
import type { IdlNames } from "./idl-names.ts";
import { discard, joinPath, type Tally } from "./tally.ts";

const { ArrayType, FixedType, LogicalType, MapType, RecordType, UnwrappedUnionType, WrappedUnionType } =
  avro.types;

/** The subclass that a `typeName` promises, checked, so its own members (fields, items...) are typed. */
function narrow<T extends avro.Type>(type: avro.Type, kind: abstract new (...args: never[]) => T): T {
  if (!(type instanceof kind)) throw new Error(`Avro: type ${type.typeName} is not a ${kind.name}`);
  return type;
}

/**
 * Avro binary along the writer's schema: a scalar (a string's or bytes' length included, an enum's
 * index) goes to its path; an array's or map's block counts (and block sizes) to `length`; a map's
 * keys to `key`; a union's branch index to `tag`. A record adds no bytes of its own.
 */
export function walkAvro(bytes: Uint8Array, type: avro.Type, names: IdlNames, tally: Tally): void {
  const r = new ByteReader(bytes);
  value(r, type, "", names, tally);
  if (!r.done) throw new Error(`Avro: ${bytes.length - r.pos} bytes after the record`);
}

/** A zig-zag long: counts and string lengths are signed longs in Avro. */
function long(r: ByteReader): number {
  const v = r.varint();
  return Number((v >> 1n) ^ -(v & 1n));
}

function value(r: ByteReader, type: avro.Type, path: string, names: IdlNames, t: Tally): void {
  const start = r.pos;
  const kind = type.typeName.startsWith("logical:") ? "logical" : type.typeName.split(":")[0];
  switch (kind) {
    case "logical":
      value(r, narrow(type, LogicalType).underlyingType, path, names, t);
      return;
    case "record":
      for (const f of narrow(type, RecordType).fields) {
        const place = names.place(path, type.name ?? "", f.name);
        if (!place.key) {
          value(r, f.type, place.path, names, t);
          continue;
        }
        const keyStart = r.pos;
        value(r, f.type, place.path, names, discard);
        t.add(place.path, "key", r.since(keyStart));
      }
      return;
    case "union": {
      const index = long(r);
      t.add(path, "tag", r.since(start));
      const union = type instanceof WrappedUnionType ? type : narrow(type, UnwrappedUnionType);
      const branch = union.types[index];
      if (!branch) throw new Error(`Avro: union index ${index} at ${start} has no branch`);
      value(r, branch, path, names, t);
      return;
    }
    case "array":
      blocks(r, narrow(type, ArrayType), path, names, t);
      return;
    case "map":
      blocks(r, narrow(type, MapType), path, names, t);
      return;
    case "null":
      return;
    case "boolean":
      r.skip(1);
      break;
    case "int":
    case "long":
    case "enum":
      r.varint();
      break;
    case "float":
      r.skip(4);
      break;
    case "double":
      r.skip(8);
      break;
    case "string":
    case "bytes":
      r.skip(long(r));
      break;
    case "fixed":
      r.skip(narrow(type, FixedType).size);
      break;
    default:
      throw new Error(`Avro: type ${type.typeName} is not walked`);
  }
  t.add(path, "value", r.since(start));
}

/** Array and map blocks: a count (negative: followed by the block's size in bytes), items, a 0 at the end. */
function blocks(
  r: ByteReader,
  type: avro.types.ArrayType | avro.types.MapType,
  path: string,
  names: IdlNames,
  t: Tally,
): void {
  for (;;) {
    const start = r.pos;
    let count = long(r);
    if (count < 0) {
      count = -count;
      long(r);
    }
    t.add(path, "length", r.since(start));
    if (count === 0) return;
    for (let i = 0; i < count; i++) {
      if (type instanceof ArrayType) {
        value(r, type.itemsType, path, names, t);
        continue;
      }
      const keyStart = r.pos;
      r.skip(long(r));
      t.add(path, "key", r.since(keyStart));
      value(r, type.valuesType, joinPath(path, "*"), names, t);
    }
  }
}
