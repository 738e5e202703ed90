import { ByteReader } from "./byte-reader.ts";
import type { PathGuide } from "./path-guide.ts";
import { discard, type Tally } from "./tally.ts";

/** A reader that, for msgpackr's record extension, remembers the records a message defined. */
class MsgpackReader extends ByteReader {
  constructor(
    bytes: Uint8Array,
    readonly records?: Map<number, string[]>,
  ) {
    super(bytes);
  }
}

/**
 * MessagePack: a scalar's type byte, length and payload go to its path; a map or array header (its
 * count) to `length`; map keys to `key`. Extension types (a timestamp, a bigint) are values.
 */
export function walkMsgpack(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  walk(new MsgpackReader(bytes), guide, tally);
}

/**
 * msgpackr's record extension (`useRecords`): an object's keys are written once per message as a
 * record definition (ext 0x72 with the record's id, then the keys), later objects of the same shape
 * name the record by its one-byte id; values follow in key order. The definition's and references'
 * header bytes are `tag`, the defined keys `key`.
 */
export function walkMsgpackRecords(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  walk(new MsgpackReader(bytes, new Map()), guide, tally);
}

function walk(r: MsgpackReader, guide: PathGuide, tally: Tally): void {
  const bytes = r.bytes;
  item(r, guide, tally, "value");
  if (!r.done) throw new Error(`MessagePack: ${bytes.length - r.pos} bytes after the message`);
}

/** Reads one item; `as` is the part its scalar bytes count as (a key's bytes are `key`). */
function item(r: MsgpackReader, g: PathGuide, t: Tally, as: "value" | "key"): string | undefined {
  if (r.records && record(r, g, t, as)) return undefined;
  const start = r.pos;
  const b = r.u8();
  let count = -1;
  let map = false;
  if (b <= 0x7f || b >= 0xe0 || b === 0xc0 || b === 0xc2 || b === 0xc3) {
    // fixint, nil, bool: the type byte is the value.
  } else if (b <= 0x8f) [count, map] = [b & 0x0f, true];
  else if (b <= 0x9f) count = b & 0x0f;
  else if (b <= 0xbf) r.skip(b & 0x1f);
  else if (b === 0xdc || b === 0xdd) count = r.uintBE(b === 0xdc ? 2 : 4);
  else if (b === 0xde || b === 0xdf) [count, map] = [r.uintBE(b === 0xde ? 2 : 4), true];
  else if (b >= 0xc4 && b <= 0xc6) r.skip(r.uintBE(1 << (b - 0xc4)));
  else if (b >= 0xd9 && b <= 0xdb) r.skip(r.uintBE(1 << (b - 0xd9)));
  else if (b >= 0xc7 && b <= 0xc9) r.skip(r.uintBE(1 << (b - 0xc7)) + 1);
  else if (b === 0xca) r.skip(4);
  else if (b === 0xcb) r.skip(8);
  else if (b >= 0xcc && b <= 0xcf) r.skip(1 << (b - 0xcc));
  else if (b >= 0xd0 && b <= 0xd3) r.skip(1 << (b - 0xd0));
  else if (b >= 0xd4 && b <= 0xd8) r.skip(1 + (1 << (b - 0xd4)));
  else throw new Error(`MessagePack: type byte 0x${b.toString(16)} at ${start} is not in the spec`);
  if (count < 0) {
    t.add(g.path, as, r.since(start));
    return as === "key" ? keyText(r.bytes, start, r.pos) : undefined;
  }
  t.add(g.path, as === "key" ? "key" : "length", r.since(start));
  for (let i = 0; i < count; i++) {
    if (!map) {
      item(r, g.item(), t, as);
      continue;
    }
    // The key's path is only known once it is read: read it into a discard tally first.
    const keyStart = r.pos;
    const key = item(r, g, discard, "key") ?? "";
    const child = g.key(key);
    t.add(child.path, "key", r.since(keyStart));
    item(r, child, t, as);
  }
  return undefined;
}

/** A str key's text (fixstr or str8/16/32); other key types name the path by their bytes. */
function keyText(b: Uint8Array, start: number, end: number): string {
  const t = b[start] as number;
  const header = t >= 0xa0 && t <= 0xbf ? 1 : t === 0xd9 ? 2 : t === 0xda ? 3 : t === 0xdb ? 5 : 0;
  if (header === 0) return Buffer.from(b.subarray(start, end)).toString("hex");
  return Buffer.from(b.subarray(start + header, end)).toString("utf8");
}

/** A record definition or reference at the cursor, read with its values; false when there is none. */
function record(r: MsgpackReader, g: PathGuide, t: Tally, as: "value" | "key"): boolean {
  const records = r.records as Map<number, string[]>;
  const start = r.pos;
  const b = r.bytes[start] as number;
  let keys: string[] | undefined;
  if (b === 0xd4 && r.bytes[start + 1] === 0x72) {
    r.skip(2);
    const id = r.u8();
    t.add(g.path, "tag", 3);
    const headerStart = r.pos;
    const head = r.u8();
    const count = head >= 0x90 && head <= 0x9f ? head & 0x0f : r.uintBE(head === 0xdc ? 2 : 4);
    t.add(g.path, "key", r.since(headerStart));
    keys = [];
    for (let i = 0; i < count; i++) {
      const keyStart = r.pos;
      const key = item(r, g, discard, "key") ?? "";
      keys.push(key);
      t.add(g.key(key).path, "key", r.since(keyStart));
    }
    records.set(id, keys);
  } else if (b >= 0x40 && b <= 0x7f && records.has(b)) {
    r.skip(1);
    t.add(g.path, "tag", 1);
    keys = records.get(b);
  }
  if (!keys) return false;
  for (const key of keys) item(r, g.key(key), t, as);
  return true;
}
