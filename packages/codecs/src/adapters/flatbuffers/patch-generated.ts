import { isFbsOptionalScalar, type RecordType } from "@wirebench/schemas";
import * as flatbuffers from "flatbuffers";

/** A generated table class: static start/add/create/getRootAs functions by name. */
export interface TableClass {
  [getRoot: string]: unknown;
}

/** flatc's TypeScript name of a field (`equipped_type` → `equippedType`). */
export const camel = (name: string) => name.replace(/_+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const forced = Symbol("forcesDefaults");

/**
 * flatc 2.0.8's TypeScript gives an optional scalar (`x: bool = null`) an adder that passes the
 * type's default (`addFieldInt8(i, +x, 0)`), so a present `false` or `0` is skipped and reads back as
 * null. `create<T>` only calls the adder when the value is not null, so forcing defaults for the
 * duration of that one call writes exactly the present values. Forcing defaults for the whole build
 * is not an option: it would also write null offsets and defaults of required scalars.
 */
export function keepOptionalScalarDefaults(
  table: TableClass | undefined,
  rec: RecordType,
  byName: boolean,
): void {
  if (!table) throw new Error(`generated code has no table ${rec.name}`);
  // A struct has no adders (it is written inline); only tables need this.
  if (typeof table[`start${rec.name}`] !== "function") return;
  // One static adder per field, in declaration order (flatc writes them that way); a user's schema may
  // declare fields out of id order, so there each adder is found by its name.
  const adders = byName
    ? rec.fields.map((f) => `add${upperFirst(camel(f.name))}`)
    : Object.getOwnPropertyNames(table).filter(
        (n) => /^add[A-Z0-9_]/.test(n) && typeof table[n] === "function",
      );
  if (adders.length !== rec.fields.length || adders.some((a) => typeof table[a] !== "function"))
    throw new Error(`${rec.name}'s adders do not match the schema's ${rec.fields.length} fields`);
  rec.fields.forEach((f, i) => {
    if (!isFbsOptionalScalar(f)) return;
    const name = adders[i] as string;
    const add = table[name] as ((b: flatbuffers.Builder, v: unknown) => void) & { [forced]?: true };
    // The generated module is cached by require: a second prepare in this process sees it patched.
    if (add[forced]) return;
    table[name] = Object.assign(
      (b: flatbuffers.Builder, v: unknown) => {
        b.forceDefaults(true);
        try {
          add.call(table, b, v);
        } finally {
          b.forceDefaults(false);
        }
      },
      { [forced]: true as const },
    );
  });
}

const nullSafe = Symbol("absentVectorIsZero");

/**
 * flatc 2.0.8's object API gives every vector field `[]` and its pack() always writes a vector, so a
 * field the sample leaves out would be an empty vector where `flatc -b` writes nothing. The adapter
 * sets an absent vector to null; these static `create<Field>Vector`s then give offset 0 for it, which
 * the table's adder skips (an offset field equal to its default 0 is not written).
 */
export function skipAbsentVectors(table: TableClass | undefined): void {
  if (!table) return;
  for (const name of Object.getOwnPropertyNames(table)) {
    const create = table[name] as ((b: flatbuffers.Builder, data: unknown) => number) & { [nullSafe]?: true };
    if (!/^create\w+Vector$/.test(name) || typeof create !== "function" || create[nullSafe]) continue;
    table[name] = Object.assign(
      (b: flatbuffers.Builder, data: unknown) => (data == null ? 0 : create.call(table, b, data)),
      { [nullSafe]: true as const },
    );
  }
}

/**
 * pack() hands a vector of tables or strings to `createObjectOffsetList` and a vector of structs to
 * `createStructOffsetList`, neither of which accepts null: an absent vector passes through as null
 * (for the patched `create<Field>Vector`) or offset 0.
 */
export class AbsentVectorBuilder extends flatbuffers.Builder {
  override createObjectOffsetList(list: string[] | flatbuffers.IGeneratedObject[]): flatbuffers.Offset[] {
    return list == null ? (null as unknown as flatbuffers.Offset[]) : super.createObjectOffsetList(list);
  }
  override createStructOffsetList(
    list: string[] | flatbuffers.IGeneratedObject[],
    startFunc: (builder: flatbuffers.Builder, length: number) => void,
  ): flatbuffers.Offset {
    return list == null ? 0 : super.createStructOffsetList(list, startFunc);
  }
}
