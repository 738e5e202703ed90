import type { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * JSON text byte by byte: a scalar's bytes (quotes and escapes included) go to its path, an object
 * key with its quotes and colon to `key`, brackets, commas and whitespace to `structure`.
 */
export function walkJson(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const r = { pos: 0 };
  skipSpace(bytes, r, guide, tally);
  value(bytes, r, guide, tally);
  skipSpace(bytes, r, guide, tally);
  if (r.pos !== bytes.length) throw new Error(`JSON: trailing bytes at ${r.pos}`);
}

function skipSpace(b: Uint8Array, r: { pos: number }, g: PathGuide, t: Tally): void {
  const start = r.pos;
  while (isSpace(b[r.pos])) r.pos++;
  t.add(g.path, "structure", r.pos - start);
}

function stringEnd(b: Uint8Array, start: number): number {
  let i = start + 1;
  while (i < b.length && b[i] !== QUOTE) i += b[i] === BACKSLASH ? 2 : 1;
  if (i >= b.length) throw new Error(`JSON: unterminated string at ${start}`);
  return i + 1;
}

function value(b: Uint8Array, r: { pos: number }, g: PathGuide, t: Tally): void {
  const c = b[r.pos];
  if (c === 0x7b) {
    container(b, r, g, t, 0x7d, true);
    return;
  }
  if (c === 0x5b) {
    container(b, r, g, t, 0x5d, false);
    return;
  }
  const start = r.pos;
  if (c === QUOTE) r.pos = stringEnd(b, start);
  else {
    while (r.pos < b.length && !isSpace(b[r.pos]) && ![0x2c, 0x7d, 0x5d].includes(b[r.pos] as number))
      r.pos++;
  }
  if (r.pos === start) throw new Error(`JSON: no value at ${start}`);
  t.add(g.path, "value", r.pos - start);
}

function container(b: Uint8Array, r: { pos: number }, g: PathGuide, t: Tally, close: number, obj: boolean) {
  t.add(g.path, "structure", 1);
  r.pos++;
  skipSpace(b, r, g, t);
  if (b[r.pos] === close) {
    t.add(g.path, "structure", 1);
    r.pos++;
    return;
  }
  for (;;) {
    let child = g;
    if (obj) {
      const start = r.pos;
      if (b[start] !== QUOTE) throw new Error(`JSON: expected a key at ${start}`);
      r.pos = stringEnd(b, start);
      const key = JSON.parse(Buffer.from(b.subarray(start, r.pos)).toString("utf8")) as string;
      child = g.key(key);
      while (isSpace(b[r.pos])) r.pos++;
      if (b[r.pos] !== 0x3a) throw new Error(`JSON: expected ':' at ${r.pos}`);
      r.pos++;
      t.add(child.path, "key", r.pos - start);
    } else child = g.item();
    skipSpace(b, r, child, t);
    value(b, r, child, t);
    skipSpace(b, r, g, t);
    const sep = b[r.pos];
    t.add(g.path, "structure", 1);
    r.pos++;
    if (sep === close) return;
    if (sep !== 0x2c) throw new Error(`JSON: expected ',' at ${r.pos - 1}`);
    skipSpace(b, r, g, t);
  }
}
