import { ByteReader } from "./byte-reader.ts";
import type { PathGuide } from "./path-guide.ts";
import { discard, type Tally } from "./tally.ts";

/**
 * MessagePack: a scalar's type byte, length and payload go to its path; a map or array header (its
 * count) to `length`; map keys to `key`. Extension types (a timestamp, a bigint) are values.
 */
export function walkMsgpack(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const r = new ByteReader(bytes);
  item(r, guide, tally, "value");
  if (!r.done) throw new Error(`MessagePack: ${bytes.length - r.pos} bytes after the message`);
}

/** Reads one item; `as` is the part its scalar bytes count as (a key's bytes are `key`). */
function item(r: ByteReader, g: PathGuide, t: Tally, as: "value" | "key"): string | undefined {
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
