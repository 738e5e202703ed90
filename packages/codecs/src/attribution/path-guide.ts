import type { IrType } from "@wirebench/schemas";
import { joinPath } from "./tally.ts";

/**
 * Names the path of a value met while walking a self-describing encoding, from the dataset's IR: a
 * record's key is a field (matched by name, or by its Protobuf JSON name), a map's key is data (its
 * values share the path `map.*`), a list's items share the list's path. Where the IR says nothing
 * (an `any` value, a key no field has), keys name the path as written.
 */
export class PathGuide {
  private constructor(
    readonly path: string,
    private readonly type: IrType | undefined,
  ) {}

  static root(type: IrType | undefined): PathGuide {
    return new PathGuide("", type);
  }

  /** The value under an object key. */
  key(key: string): PathGuide {
    const t = unwrap(this.type);
    if (t?.kind === "map") return new PathGuide(joinPath(this.path, "*"), t.values);
    if (t?.kind === "record") {
      const field = t.fields.find((f) => f.name === key) ?? t.fields.find((f) => jsonName(f.name) === key);
      if (field) return new PathGuide(joinPath(this.path, field.name), field.type);
    }
    // Where the IR has a list but the text an object, the object is a wrapper an encoding adds around
    // a list inside a list (Protobuf JSON's `{"items": [...]}`) or an XML element named by its index
    // (`<0>`): it adds no segment.
    if (t?.kind === "array" && key === "items") return this;
    if (t?.kind === "array" && /^\d+$/.test(key)) return this.item();
    return new PathGuide(joinPath(this.path, key), undefined);
  }

  /** The value an XML element holds: an item when the field is a list (repeated elements), else the field. */
  element(): PathGuide {
    return unwrap(this.type)?.kind === "array" ? this.item() : this;
  }

  /** An element of a list (the same path). */
  item(): PathGuide {
    const t = unwrap(this.type);
    return new PathGuide(this.path, t?.kind === "array" ? t.items : undefined);
  }
}

function unwrap(t: IrType | undefined): IrType | undefined {
  let cur = t;
  while (cur?.kind === "nullable") cur = cur.type;
  return cur;
}

/** protoc's json_name: every character after an underscore upper-cased, underscores dropped. */
export function jsonName(name: string): string {
  return name.replace(/_(.)/g, (_, c: string) => c.toUpperCase()).replace(/_/g, "");
}
