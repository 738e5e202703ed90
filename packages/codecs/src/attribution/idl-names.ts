import { type EmittedSchema, namedTypes, type RecordType } from "@wirebench/schemas";
import { joinPath } from "./tally.ts";

/** Where a field of an IDL record puts its value: a path, or (a map entry's key) the `key` part. */
export interface FieldPlace {
  path: string;
  key: boolean;
}

/**
 * Maps an IDL field back to the data's own names, so a field has the same path in every format:
 * the emitter's renames are undone, and the records an emitter adds (a list inside a list, a
 * nullable list item, a map carried as entries) add no segment of their own: a map entry's key is
 * a key, its value is `map.*`.
 */
export class IdlNames {
  private readonly original = new Map<string, Map<string, string>>();
  private readonly wrappers = new Map<string, RecordType["wrapper"]>();

  constructor(emitted: EmittedSchema | undefined) {
    if (!emitted) return;
    for (const [irType, fields] of Object.entries(emitted.fields)) {
      const idlType = emitted.types[irType] ?? irType;
      const back = new Map<string, string>();
      for (const [orig, idl] of Object.entries(fields)) back.set(idl, orig);
      this.original.set(idlType, back);
    }
    for (const t of namedTypes(emitted.ir.root)) {
      if (t.kind === "record" && t.wrapper) this.wrappers.set(t.name, t.wrapper);
    }
  }

  /** `typeName` may be qualified (`ns.Type`, `.pkg.Type`); the last segment is the IDL name. */
  place(parent: string, typeName: string, field: string): FieldPlace {
    const short = typeName.slice(typeName.lastIndexOf(".") + 1);
    const wrapper = this.wrappers.get(short);
    if (wrapper === "entry") return field === "key" ? { path: parent, key: true } : child(parent, "*");
    if (wrapper === "list" || wrapper === "value") return { path: parent, key: false };
    return child(parent, this.original.get(short)?.get(field) ?? field);
  }
}

function child(parent: string, segment: string): FieldPlace {
  return { path: joinPath(parent, segment), key: false };
}
