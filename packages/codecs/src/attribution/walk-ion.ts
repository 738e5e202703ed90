import { ByteReader } from "./byte-reader.ts";
import type { PathGuide } from "./path-guide.ts";
import type { Tally } from "./tally.ts";

/** Ion 1.0's system symbols; a local symbol table appends from 10. */
const systemSymbols = [
  "",
  "$ion",
  "$ion_1_0",
  "$ion_symbol_table",
  "name",
  "version",
  "imports",
  "symbols",
  "max_id",
  "$ion_shared_symbol_table",
];
const SYMBOL_TABLE = 3;
const BVM = [0xe0, 0x01, 0x00, 0xea];

/** Ion's VarUInt: 7 bits a byte, the last byte marked by its high bit (unlike LEB128). */
function varUInt(r: ByteReader): number {
  let v = 0;
  for (;;) {
    const b = r.u8();
    v = v * 128 + (b & 0x7f);
    if (b & 0x80) return v;
  }
}

interface Ctx {
  symbols: string[];
  t: Tally;
}

/**
 * Amazon Ion binary: the version marker goes to `framing`; the local symbol table, which spells the
 * field names once per message, and each field's symbol id go to `key`; a scalar's type descriptor,
 * length and payload to its path; a list's or struct's descriptor and length to `length`; NOP
 * padding to `padding`.
 */
export function walkIon(bytes: Uint8Array, guide: PathGuide, tally: Tally): void {
  const r = new ByteReader(bytes);
  const ctx: Ctx = { symbols: [...systemSymbols], t: tally };
  while (!r.done) {
    const start = r.pos;
    if (BVM.every((b, i) => bytes[start + i] === b)) {
      r.skip(4);
      tally.add("", "framing", 4);
      ctx.symbols = [...systemSymbols];
      continue;
    }
    if (bytes[start] !== undefined && bytes[start] >> 4 === 0xe && symbolTableAt(r, ctx)) {
      tally.add("", "key", r.since(start));
      continue;
    }
    value(r, guide, ctx);
  }
}

/** Reads a `$ion_symbol_table::{symbols: [...]}` at the cursor, learning its symbols; false (cursor kept) otherwise. */
function symbolTableAt(r: ByteReader, ctx: Ctx): boolean {
  const start = r.pos;
  const end = containerEnd(r);
  varUInt(r); // the annotations' length
  if (varUInt(r) !== SYMBOL_TABLE) {
    r.pos = start;
    return false;
  }
  const structEnd = containerEnd(r);
  const learned: string[] = [];
  let append = false;
  while (r.pos < structEnd) {
    const field = varUInt(r);
    const type = (r.bytes[r.pos] as number) >> 4;
    // `imports: $ion_symbol_table` appends to the current table instead of replacing it.
    if (field === 6 && type === 7) append = true;
    if (field !== 7 || type !== 0xb) {
      r.pos = containerEnd(r);
      continue;
    }
    const listEnd = containerEnd(r);
    while (r.pos < listEnd) {
      const len = scalarLength(r);
      learned.push(Buffer.from(r.bytes.subarray(r.pos, r.pos + len)).toString("utf8"));
      r.skip(len);
    }
  }
  ctx.symbols = [...(append ? ctx.symbols : systemSymbols), ...learned];
  r.pos = end;
  return true;
}

/** Reads a type descriptor (and VarUInt length) and returns where its payload ends. */
function containerEnd(r: ByteReader): number {
  const len = scalarLength(r);
  return r.pos + len;
}

/** The payload length after a type descriptor (the descriptor and any length field consumed). */
function scalarLength(r: ByteReader): number {
  const td = r.u8();
  const type = td >> 4;
  const l = td & 0x0f;
  if (l === 15 || type === 1) return 0;
  if (type === 0xd && l === 1) return varUInt(r);
  return l === 14 ? varUInt(r) : l;
}

function value(r: ByteReader, g: PathGuide, ctx: Ctx): void {
  const start = r.pos;
  const td = r.bytes[start] as number;
  const type = td >> 4;
  const isNull = (td & 0x0f) === 15;
  const end = containerEnd(r);
  if (type === 0 && !isNull) {
    r.pos = end;
    ctx.t.add(g.path, "padding", r.since(start));
    return;
  }
  if (isNull || type < 0xb || type === 0xf) {
    r.pos = end;
    ctx.t.add(g.path, "value", r.since(start));
    return;
  }
  if (type === 0xe) {
    // An annotation wrapper around a data value: its header and annotations are tags.
    const annotationsLength = varUInt(r);
    r.skip(annotationsLength);
    ctx.t.add(g.path, "tag", r.since(start));
    value(r, g, ctx);
    return;
  }
  ctx.t.add(g.path, "length", r.since(start));
  while (r.pos < end) {
    if (type !== 0xd) {
      value(r, g.item(), ctx);
      continue;
    }
    const keyStart = r.pos;
    const id = varUInt(r);
    const child = g.key(ctx.symbols[id] ?? `$${id}`);
    ctx.t.add(child.path, "key", r.since(keyStart));
    value(r, child, ctx);
  }
  if (r.pos !== end) throw new Error(`Ion: a container at ${start} does not end where its length says`);
}
