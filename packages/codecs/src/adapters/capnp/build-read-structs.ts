import type { IrType, RecordType } from "@wirebench/schemas";
import * as capnp from "capnp-es";
import { fieldPlans, is64, isPointer, type Struct, textPointers, unwrap } from "./field-plans.ts";
import { initListAt, listShape } from "./init-list.ts";

interface ListLike {
  length: number;
  get(i: number): unknown;
  set(i: number, v: unknown): void;
}

/**
 * Builds a message's structs from plain objects (what an application does) and reads every field
 * back, through capnp-es's generated accessors. `unions`: in the user's own schema the IR's optional
 * fields are exactly the members of a union: only the one that is set may be read (capnp-es's
 * `_is<Field>`), and a Void member is set with `true`.
 */
export function structBuilder(unions: boolean) {
  const planOf = fieldPlans(unions);
  const textPointer = textPointers();

  const setItem = (list: ListLike, i: number, t: IrType, v: unknown) => {
    const b = unwrap(t);
    if (b.kind === "record") write(list.get(i) as Struct, b, v as Record<string, unknown>);
    else if (b.kind === "array") {
      const arr = v as unknown[];
      const inner = list.get(i) as ListLike & capnp.Pointer;
      const items = b.items;
      const shape = listShape(inner, unwrap(items).kind);
      initListAt(inner, shape.size, arr.length, shape.composite);
      for (let j = 0; j < arr.length; j++) setItem(inner, j, items, arr[j]);
    } else if (b.kind === "bytes") {
      const bytes = v as Uint8Array;
      const inner = list.get(i) as capnp.Data;
      initListAt(inner, capnp.ListElementSize.BYTE, bytes.length);
      inner.copyBuffer(bytes);
    } else if (isPointer(b) && b.kind !== "string" && b.kind !== "any") {
      // The emitter turns maps into entry lists and unions into text, so nothing else should arrive here.
      throw new Error(`lists of ${b.kind} are not supported by this adapter`);
    } else list.set(i, is64(b) ? BigInt(v as number) : v);
  };
  const write = (s: Struct, rec: RecordType, o: Record<string, unknown>) => {
    const voidDone = new Set<RecordType>();
    for (const p of planOf(rec)) {
      const v = o[p.name];
      if (p.kind === "void") {
        // A union member of the user's own schema: the mapper keeps a Void member the sample leaves
        // out absent, so the one it names (null) is the one whose discriminant is set.
        if (p.is !== undefined) {
          if (v === null) s[p.name] = true;
          continue;
        }
        // Elsewhere the value mapper fills every Void field in as null (the IR's `null` is always
        // null), so which one was set is not known here: the first is set, unless another member has a value.
        if (
          v === null &&
          !voidDone.has(rec) &&
          !planOf(rec).some((x) => x.is && x.kind !== "void" && o[x.name] != null)
        )
          s[p.name] = true;
        voidDone.add(rec);
        continue;
      }
      if (v === undefined || v === null) continue;
      switch (p.kind) {
        case "value":
        case "text":
          s[p.name] = v;
          break;
        case "int64":
          s[p.name] = BigInt(v as number);
          break;
        case "record":
          write((s[p.init] as () => Struct).call(s), p.type as RecordType, v as Record<string, unknown>);
          break;
        case "array": {
          const arr = v as unknown[];
          const list = (s[p.init] as (n: number) => ListLike).call(s, arr.length);
          const items = (p.type as { items: IrType }).items;
          for (let i = 0; i < arr.length; i++) setItem(list, i, items, arr[i]);
          break;
        }
        case "bytes":
          (s[p.init] as (n: number) => capnp.Data)
            .call(s, (v as Uint8Array).length)
            .copyBuffer(v as Uint8Array);
          break;
      }
    }
  };
  const getItem = (list: ListLike, i: number, t: IrType): unknown => {
    const b = unwrap(t);
    if (b.kind === "record") return read(list.get(i) as Struct, b);
    if (b.kind === "array") {
      const inner = list.get(i) as ListLike;
      const arr = new Array(inner.length);
      for (let j = 0; j < inner.length; j++) arr[j] = getItem(inner, j, b.items);
      return arr;
    }
    if (b.kind === "bytes") return (list.get(i) as capnp.Data).toUint8Array().slice();
    return list.get(i);
  };
  const read = (s: Struct, rec: RecordType): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const p of planOf(rec)) {
      if (p.is !== undefined && !s[p.is]) continue;
      if (p.kind === "void") {
        out[p.name] = null;
        continue;
      }
      if (p.kind === "value" || p.kind === "int64") {
        out[p.name] = s[p.name];
        continue;
      }
      if (p.kind === "text" && p.is !== undefined) {
        out[p.name] = s[p.name];
        continue;
      }
      if (p.kind === "text") {
        const idx = textPointer(s, p.name);
        if (idx !== undefined && capnp.utils.isNull(capnp.utils.getPointer(idx, s))) continue;
        out[p.name] = s[p.name];
        continue;
      }
      // A group (a user's schema) has no `_has`: it is part of its struct and always there.
      const has = s[p.has] as (() => boolean) | undefined;
      if (has && !has.call(s)) continue;
      const v = s[p.name];
      if (p.kind === "record") out[p.name] = read(v as Struct, p.type as RecordType);
      else if (p.kind === "array") {
        const list = v as ListLike;
        const items = (p.type as { items: IrType }).items;
        const arr = new Array(list.length);
        for (let i = 0; i < list.length; i++) arr[i] = getItem(list, i, items);
        out[p.name] = arr;
      } else out[p.name] = (v as capnp.Data).toUint8Array().slice();
    }
    return out;
  };
  return { write, read };
}
