import { ByteReader } from "./byte-reader.ts";
import type { PathGuide } from "./path-guide.ts";
import { discard, type Tally } from "./tally.ts";

const c = (s: string) => s.charCodeAt(0);
const PADDING = 0x00;
const END_OBJECT = c("{");
const END_DENSE = c("$");
const END_SPARSE = c("@");

/**
 * V8's serialization format (node:v8 serialize): the version header goes to `framing`; a scalar's
 * tag and payload to its path (Node writes a Uint8Array as a host object: type, length, bytes); an
 * object's or array's tags, lengths and closing property counts to `length`; property keys to
 * `key`; the zero bytes V8 writes to align a two-byte string to `padding`.
 */
export function walkV8(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const r = new ByteReader(bytes);
  if (r.u8() !== 0xff) throw new Error("V8: no version header");
  r.varint();
  tally.add("", "framing", r.pos);
  value(r, guide, tally);
  if (!r.done) throw new Error(`V8: ${bytes.length - r.pos} bytes after the value`);
}

function padding(r: ByteReader, g: PathGuide, t: Tally): void {
  const start = r.pos;
  while (r.bytes[r.pos] === PADDING) r.pos++;
  t.add(g.path, "padding", r.since(start));
}

/** Reads one value; returns a string key's text (for naming a property's path). */
function value(r: ByteReader, g: PathGuide, t: Tally, part: "value" | "key" = "value"): string | undefined {
  padding(r, g, t);
  const start = r.pos;
  const tag = r.u8();
  let text: string | undefined;
  switch (tag) {
    case c("_"):
    case c("0"):
    case c("T"):
    case c("F"):
    case c("-"):
      break;
    case c("I"): {
      const v = r.varint();
      text = String((v >> 1n) ^ -(v & 1n));
      break;
    }
    case c("U"):
    case c("^"):
      text = String(r.varint());
      break;
    case c("N"):
    case c("D"):
      r.skip(8);
      break;
    case c("Z"):
      r.skip(Number(r.varint() >> 1n));
      break;
    case c('"'):
    case c("c"):
    case c("S"): {
      const len = r.length();
      r.need(len);
      const raw = Buffer.from(r.bytes.subarray(r.pos, r.pos + len));
      text = raw.toString(tag === c("c") ? "utf16le" : tag === c("S") ? "utf8" : "latin1");
      r.skip(len);
      break;
    }
    case c("\\"):
      r.varint();
      r.skip(r.length());
      break;
    case c("o"):
      t.add(g.path, part === "key" ? "key" : "length", 1);
      properties(r, g, t, END_OBJECT, 1);
      return undefined;
    case c("A"):
    case c("a"): {
      const length = r.length();
      t.add(g.path, part === "key" ? "key" : "length", r.since(start));
      if (tag === c("A")) for (let i = 0; i < length; i++) value(r, g.item(), t);
      properties(r, g, t, tag === c("A") ? END_DENSE : END_SPARSE, 2);
      return undefined;
    }
    default:
      throw new Error(`V8: tag 0x${tag.toString(16)} at ${start} is not walked`);
  }
  t.add(g.path, part, r.since(start));
  return text;
}

/** Key/value pairs up to `end`, then the closing tag and its `counts` varints (property count, length). */
function properties(r: ByteReader, g: PathGuide, t: Tally, end: number, counts: number): void {
  for (;;) {
    padding(r, g, t);
    if (r.bytes[r.pos] === end) break;
    const keyStart = r.pos;
    const key = value(r, g, discard, "key") ?? "";
    // An array's extra properties are indexes (a sparse array's elements): items, not fields.
    const child = end === END_OBJECT ? g.key(key) : g.item();
    t.add(child.path, "key", r.since(keyStart));
    value(r, child, t);
  }
  const start = r.pos;
  r.skip(1);
  for (let i = 0; i < counts; i++) r.varint();
  t.add(g.path, "length", r.since(start));
}
