import { ByteReader } from "./byte-reader.ts";
import type { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";

/** Fixed payload sizes of BSON element types (bsonspec.org 1.1); -1: read by the walker. */
const fixedSize: Record<number, number> = {
  1: 8, // double
  6: 0, // undefined
  7: 12, // ObjectId
  8: 1, // bool
  9: 8, // UTC datetime
  10: 0, // null
  16: 4, // int32
  17: 8, // timestamp
  18: 8, // int64
  19: 16, // decimal128
  127: 0, // max key
  255: 0, // min key
};

/**
 * BSON: each element's type byte goes to `tag`, its name (an array's "0", "1", … too) to `key`,
 * its payload (a string's length and NUL included) to its path; a document's length to `length`
 * and its closing NUL to `structure`.
 */
export function walkBson(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const r = new ByteReader(bytes);
  document(r, guide, tally, false);
  if (!r.done) throw new Error(`BSON: ${bytes.length - r.pos} bytes after the document`);
}

function cstring(r: ByteReader): string {
  const start = r.pos;
  while (r.u8() !== 0);
  return Buffer.from(r.bytes.subarray(start, r.pos - 1)).toString("utf8");
}

function document(r: ByteReader, g: PathGuide, t: Tally, array: boolean): void {
  const start = r.pos;
  const end = start + r.uintLE(4);
  t.add(g.path, "length", 4);
  while (r.pos < end - 1) {
    const type = r.u8();
    const keyStart = r.pos;
    const key = cstring(r);
    const child = array ? g.item() : g.key(key);
    t.add(child.path, "tag", 1);
    t.add(child.path, "key", r.since(keyStart));
    if (type === 0x03 || type === 0x04) {
      document(r, child, t, type === 0x04);
      continue;
    }
    const valueStart = r.pos;
    const fixed = fixedSize[type];
    if (fixed !== undefined) r.skip(fixed);
    else if (type === 0x02 || type === 0x0d || type === 0x0e) r.skip(r.uintLE(4));
    else if (type === 0x05) r.skip(r.uintLE(4) + 1);
    else if (type === 0x0b) {
      cstring(r);
      cstring(r);
    } else throw new Error(`BSON: element type 0x${type.toString(16)} at ${keyStart - 1} is not walked`);
    t.add(child.path, "value", r.since(valueStart));
  }
  if (r.u8() !== 0 || r.pos !== end)
    throw new Error(`BSON: document at ${start} does not end where its length says`);
  t.add(g.path, "structure", 1);
}
