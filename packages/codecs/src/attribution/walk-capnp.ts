import { ByteLabels } from "./byte-labels.ts";
import { type CapnpStruct, type CapnpType, NO_DISCRIMINANT } from "./capnp-layout.ts";
import type { IdlNames } from "./idl-names.ts";

interface Walk {
  view: DataView;
  labels: ByteLabels;
  segments: number[];
  structs: Map<bigint, CapnpStruct>;
  names: IdlNames;
}

/** Bytes per list element by a list pointer's element size code (bit lists are rounded up whole). */
const elementBytes = [0, 0, 1, 2, 4, 8];

/**
 * An unpacked Cap'n Proto message along capnp's layouts: the segment table and the root pointer go
 * to `framing`; every pointer word to `pointer`; a composite list's tag word to `length`; a union's
 * discriminant to `tag`; a field's bytes in its struct's data section, and a text's or data's bytes
 * (a text's NUL included), to its path. A byte several bools share goes to one of them. Bytes no
 * field covers (unused data words, alignment of lists) are `padding` and must be zero.
 */
export function capnpLabels(
  bytes: Uint8Array,
  structs: Map<bigint, CapnpStruct>,
  rootId: bigint,
  names: IdlNames,
): ByteLabels {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const labels = new ByteLabels(bytes.length, "", "padding");
  const count = view.getUint32(0, true) + 1;
  const header = Math.ceil((4 + 4 * count) / 8) * 8;
  labels.mark(0, header, "", "framing");
  const segments: number[] = [];
  let at = header;
  for (let i = 0; i < count; i++) {
    segments.push(at);
    at += view.getUint32(4 + 4 * i, true) * 8;
  }
  if (at !== bytes.length) throw new Error(`Cap'n Proto: segments end at ${at} of ${bytes.length} bytes`);
  const w: Walk = { view, labels, segments, structs, names };
  labels.mark(header, header + 8, "", "framing");
  follow(w, header, { which: 16, structId: rootId }, "");
  for (let i = 0; i < bytes.length; i++)
    if (labels.at(i).part === "padding" && bytes[i] !== 0)
      throw new Error(`Cap'n Proto: byte ${i} is neither walked nor zero padding`);
  return labels;
}

/** The pointer word at `pos` (already labelled by the caller) and what it points at. */
function follow(w: Walk, pos: number, type: CapnpType, path: string): void {
  const lo = w.view.getUint32(pos, true);
  const hi = w.view.getUint32(pos + 4, true);
  if (lo === 0 && hi === 0) return;
  const kind = lo & 3;
  if (kind === 2) {
    // A far pointer: a landing pad in another segment holds the real pointer (or, double-far, a far
    // pointer to the content and a tag word describing it).
    const pad = (w.segments[hi] ?? Number.NaN) + (lo >>> 3) * 8;
    if ((lo & 4) === 0) {
      w.labels.mark(pad, pad + 8, path, "pointer");
      follow(w, pad, type, path);
      return;
    }
    w.labels.mark(pad, pad + 16, path, "pointer");
    const farLo = w.view.getUint32(pad, true);
    const content = (w.segments[w.view.getUint32(pad + 4, true)] ?? Number.NaN) + (farLo >>> 3) * 8;
    target(w, content, pad + 8, type, path);
    return;
  }
  target(w, pos + 8 + (lo >> 2) * 8, pos, type, path);
}

/** Content at `at` described by the struct or list pointer word at `ptr`. */
function target(w: Walk, at: number, ptr: number, type: CapnpType, path: string): void {
  const lo = w.view.getUint32(ptr, true);
  const hi = w.view.getUint32(ptr + 4, true);
  if ((lo & 3) === 0) {
    struct(w, at, hi & 0xffff, hi >>> 16, type.structId, path);
    return;
  }
  if ((lo & 3) !== 1) return; // a capability: the pointer word is all there is
  const size = hi & 7;
  const count = hi >>> 3;
  if (size === 1) w.labels.mark(at, at + Math.ceil(count / 8), path, "value");
  else if (size >= 2 && size <= 5)
    w.labels.mark(at, at + count * (elementBytes[size] as number), path, "value");
  else if (size === 6) {
    for (let i = 0; i < count; i++) {
      w.labels.mark(at + 8 * i, at + 8 * i + 8, path, "pointer");
      follow(w, at + 8 * i, type.element ?? { which: 0 }, path);
    }
  } else if (size === 7) {
    w.labels.mark(at, at + 8, path, "length");
    const n = w.view.getUint32(at, true) >>> 2;
    const tagHi = w.view.getUint32(at + 4, true);
    const [dw, pc] = [tagHi & 0xffff, tagHi >>> 16];
    for (let i = 0; i < n; i++) struct(w, at + 8 + i * (dw + pc) * 8, dw, pc, type.element?.structId, path);
  }
}

function struct(w: Walk, at: number, dw: number, pc: number, id: bigint | undefined, path: string): void {
  const st = id === undefined ? undefined : w.structs.get(id);
  if (!st) {
    w.labels.mark(at, at + (dw + pc) * 8, path, "value");
    return;
  }
  const dataEnd = at + dw * 8;
  let discriminant = NO_DISCRIMINANT;
  if (st.discriminantCount > 0 && st.discriminantOffset * 2 + 2 <= dw * 8) {
    const d = at + st.discriminantOffset * 2;
    discriminant = w.view.getUint16(d, true);
    w.labels.mark(d, d + 2, path, "tag");
  }
  for (const f of st.fields) {
    if (f.discriminant !== NO_DISCRIMINANT && f.discriminant !== discriminant) continue;
    const place = w.names.place(path, st.name, f.name);
    if (f.groupId !== undefined) {
      struct(w, at, dw, pc, f.groupId, place.path);
      continue;
    }
    if (f.pointer) {
      if (f.offset >= pc) continue;
      const p = dataEnd + f.offset * 8;
      w.labels.mark(p, p + 8, place.path, "pointer");
      follow(w, p, f.type, place.path);
      continue;
    }
    if (f.bits === 0) continue;
    const start = at + Math.floor((f.offset * f.bits) / 8);
    const end = start + Math.max(1, f.bits / 8);
    if (end <= dataEnd) w.labels.mark(start, end, place.path, place.key ? "key" : "value");
  }
}
