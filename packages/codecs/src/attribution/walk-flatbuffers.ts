import { ByteLabels } from "./byte-labels.ts";
import type { IdlNames } from "./idl-names.ts";
import type { Tally } from "./tally.ts";

/** flatc's reflection (reflection.fbs as JSON; zero values are left out of it). */
interface ReflType {
  base_type?: string;
  element?: string;
  index?: number;
}
interface ReflField {
  name: string;
  type: ReflType;
  id?: number;
  offset?: number;
  deprecated?: boolean;
}
interface ReflObject {
  name: string;
  fields: ReflField[];
  is_struct?: boolean;
  bytesize?: number;
}
export interface Reflection {
  objects: ReflObject[];
  enums: { name: string; values: { value?: number; union_type?: ReflType }[] }[];
  file_ident?: string;
  root_table?: { name: string };
}

const scalarSize: Record<string, number> = {
  UType: 1,
  Bool: 1,
  Byte: 1,
  UByte: 1,
  Short: 2,
  UShort: 2,
  Int: 4,
  UInt: 4,
  Float: 4,
  Long: 8,
  ULong: 8,
  Double: 8,
};

interface Walk {
  view: DataView;
  labels: ByteLabels;
  refl: Reflection;
  names: IdlNames;
}

/**
 * A FlatBuffer along flatc's reflection of its schema: the root offset (and file identifier) go to
 * `framing`; each table's offset to its vtable and the vtables themselves to `vtable`; offsets to
 * strings, vectors and tables to `pointer`; a vector's length to `length`; a union's type byte to
 * `tag`; inline scalars and struct fields, and strings with their length and NUL, to their paths.
 * Bytes nothing points at are alignment `padding`, and must be zero, or the walk is refused.
 */
export function walkFlatbuffers(bytes: Uint8Array, refl: Reflection, names: IdlNames, tally: Tally): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const labels = new ByteLabels(bytes.length, "", "padding");
  const w: Walk = { view, labels, refl, names };
  const root = refl.objects.find((o) => o.name === refl.root_table?.name);
  if (!root) throw new Error("FlatBuffers: the reflection names no root table");
  labels.mark(0, 4, "", "framing");
  if (
    refl.file_ident &&
    bytes.length >= 8 &&
    Buffer.from(bytes.subarray(4, 8)).toString("latin1") === refl.file_ident
  )
    labels.mark(4, 8, "", "framing");
  table(w, view.getUint32(0, true), root, "");
  for (let i = 0; i < bytes.length; i++)
    if (labels.at(i).part === "padding" && bytes[i] !== 0)
      throw new Error(`FlatBuffers: byte ${i} is neither walked nor zero padding`);
  labels.addTo(tally);
}

function table(w: Walk, pos: number, obj: ReflObject, path: string): void {
  const vt = pos - w.view.getInt32(pos, true);
  const vtSize = w.view.getUint16(vt, true);
  w.labels.mark(pos, pos + 4, path, "vtable");
  w.labels.mark(vt, vt + vtSize, "", "vtable");
  for (const f of obj.fields) {
    const slot = 4 + 2 * (f.id ?? 0);
    if (f.deprecated || slot >= vtSize) continue;
    const off = w.view.getUint16(vt + slot, true);
    if (off === 0) continue;
    const at = pos + off;
    const base = f.type.base_type ?? "None";
    // A union's type field `x_type` belongs to the union `x`.
    const name = base === "UType" ? f.name.replace(/_type$/, "") : f.name;
    const place = w.names.place(path, obj.name, name);
    if (base === "UType") w.labels.mark(at, at + 1, place.path, "tag");
    else if (base === "Union") {
      const typeField = obj.fields.find((t) => t.name === `${f.name}_type`);
      const typeOff = typeField ? w.view.getUint16(vt + 4 + 2 * (typeField.id ?? 0), true) : 0;
      const member = typeOff ? w.view.getUint8(pos + typeOff) : 0;
      const target = w.refl.enums[f.type.index ?? 0]?.values.find(
        (v) => (v.value ?? 0) === member,
      )?.union_type;
      const sub = w.refl.objects[target?.index ?? -1];
      if (!sub) throw new Error(`FlatBuffers: union ${f.name} holds unknown member ${member}`);
      pointer(w, at, place.path, (p) => table(w, p, sub, place.path));
    } else value(w, at, f.type, base, place.path, place.key);
  }
}

/** A value stored at `at` inline in a table (or a vector element): scalar, struct, or offset. */
function value(w: Walk, at: number, type: ReflType, base: string, path: string, key: boolean): void {
  const size = scalarSize[base];
  if (size !== undefined) {
    w.labels.mark(at, at + size, path, key ? "key" : "value");
    return;
  }
  if (base === "String") {
    pointer(w, at, path, (p) =>
      w.labels.mark(p, p + 4 + w.view.getUint32(p, true) + 1, path, key ? "key" : "value"),
    );
    return;
  }
  if (base === "Obj") {
    const obj = w.refl.objects[type.index ?? 0] as ReflObject;
    if (obj.is_struct) struct(w, at, obj, path);
    else pointer(w, at, path, (p) => table(w, p, obj, path));
    return;
  }
  if (base === "Vector") {
    pointer(w, at, path, (p) => {
      const n = w.view.getUint32(p, true);
      w.labels.mark(p, p + 4, path, "length");
      const element = type.element ?? "None";
      const elementObj = element === "Obj" ? w.refl.objects[type.index ?? 0] : undefined;
      const stride = scalarSize[element] ?? (elementObj?.is_struct ? (elementObj.bytesize ?? 0) : 4);
      for (let i = 0; i < n; i++) value(w, p + 4 + i * stride, { index: type.index }, element, path, key);
    });
    return;
  }
  throw new Error(`FlatBuffers: base type ${base} is not walked`);
}

/** A uoffset at `at` (4 bytes, to `pointer`) and what it points at. */
function pointer(w: Walk, at: number, path: string, target: (pos: number) => void): void {
  w.labels.mark(at, at + 4, path, "pointer");
  target(at + w.view.getUint32(at, true));
}

/** A struct inline: each field's bytes at its offset; the gaps between them stay padding. */
function struct(w: Walk, at: number, obj: ReflObject, path: string): void {
  for (const f of obj.fields) {
    const child = w.names.place(path, obj.name, f.name).path;
    const base = f.type.base_type ?? "None";
    value(w, at + (f.offset ?? 0), f.type, base, child, false);
  }
}
