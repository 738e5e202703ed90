import { Message } from "capnp-es";
import { CodeGeneratorRequest, type Node, type Type } from "capnp-es/capnp/schema";

/** A field's type as the walker needs it: which (schema.capnp's Type numbering), and what a pointer holds. */
export interface CapnpType {
  which: number;
  structId?: bigint;
  element?: CapnpType;
}

export interface CapnpField {
  name: string;
  /** 0xffff when the field is not a union member. */
  discriminant: number;
  /** Data fields: offset in units of `bits`; pointer fields: index in the pointer section. */
  offset: number;
  bits: number;
  pointer: boolean;
  type: CapnpType;
  groupId?: bigint;
}

export interface CapnpStruct {
  name: string;
  discriminantOffset: number;
  discriminantCount: number;
  fields: CapnpField[];
}

export const NO_DISCRIMINANT = 0xffff;
const [STRUCT, LIST, ENUM] = [16, 14, 15];
/** Bits of a data field by Type.which(): void, bool, int8…int64, uint8…uint64, float32, float64. */
const dataBits: Record<number, number> = {
  0: 0,
  1: 1,
  2: 8,
  3: 16,
  4: 32,
  5: 64,
  6: 8,
  7: 16,
  8: 32,
  9: 64,
  10: 32,
  11: 64,
  [ENUM]: 16,
};

function typeOf(t: Type): CapnpType {
  const which = t.which();
  if (which === STRUCT) return { which, structId: t.struct.typeId };
  if (which === LIST) return { which, element: typeOf(t.list.elementType) };
  return { which };
}

/** The short name of a node (`Person.PhoneNumber` → `PhoneNumber`), as the IDL names its struct. */
const shortName = (n: Node) =>
  n.displayName
    .slice(n.displayName.lastIndexOf(".") + 1)
    .split(":")
    .pop() ?? "";

/**
 * Struct layouts from capnp's CodeGeneratorRequest (`capnp compile -o-`): where each field lives in
 * its struct's data or pointer section, and which union member a discriminant selects.
 */
export function capnpLayouts(
  request: Uint8Array,
  rootType: string,
): { structs: Map<bigint, CapnpStruct>; rootId: bigint } {
  const req = new Message(request, false).getRoot(CodeGeneratorRequest);
  const structs = new Map<bigint, CapnpStruct>();
  let rootId: bigint | undefined;
  for (const n of req.nodes) {
    if (!n._isStruct) continue;
    const fields: CapnpField[] = [...n.struct.fields].map((f) => {
      const base = { name: f.name, discriminant: f.discriminantValue };
      if (f._isGroup)
        return { ...base, offset: 0, bits: 0, pointer: false, type: { which: 0 }, groupId: f.group.typeId };
      const type = typeOf(f.slot.type);
      const bits = dataBits[type.which];
      return { ...base, offset: f.slot.offset, bits: bits ?? 64, pointer: bits === undefined, type };
    });
    const name = shortName(n);
    structs.set(n.id, {
      name,
      discriminantOffset: n.struct.discriminantOffset,
      discriminantCount: n.struct.discriminantCount,
      fields,
    });
    if (!n.struct.isGroup && (name === rootType || n.displayName.endsWith(`:${rootType}`))) rootId = n.id;
  }
  if (rootId === undefined) throw new Error(`Cap'n Proto: the schema has no struct ${rootType}`);
  return { structs, rootId };
}
