import type { IrType, RecordType } from "@wirebench/schemas";
import type * as capnp from "capnp-es";

export type Struct = capnp.Struct & Record<string, unknown>;
export type StructCtor = capnp.StructCtor<capnp.Struct>;

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const unwrap = (t: IrType) => (t.kind === "nullable" ? t.type : t);
export const isPointer = (t: IrType) =>
  ["string", "any", "bytes", "record", "array", "map", "union"].includes(t.kind);
// The IR timestamp is Int64 epoch milliseconds in the emitted .capnp; the mapper converts the sample's shape.
export const is64 = (t: IrType) => t.kind === "int64" || t.kind === "uint64" || t.kind === "timestamp";

/** How one field is built and read, with the generated accessor names it uses. */
export type Plan = {
  name: string;
  kind: "value" | "int64" | "text" | "record" | "array" | "bytes" | "void";
  init: string;
  has: string;
  /** Getter telling whether this union member is the one set; absent outside unions. */
  is?: string;
  type: IrType;
};

/**
 * Per-record field plans, built once per record, so the timed build/read loops do no string work
 * per field. `unions`: the IR's optional fields are members of a union (the user's own schema).
 */
export function fieldPlans(unions: boolean): (rec: RecordType) => Plan[] {
  const plans = new Map<RecordType, Plan[]>();
  return (rec) => {
    let p = plans.get(rec);
    if (!p) {
      p = rec.fields.map((f) => {
        const b = unwrap(f.type);
        const kind: Plan["kind"] = !isPointer(b)
          ? is64(b)
            ? "int64"
            : "value"
          : b.kind === "string" || b.kind === "any"
            ? "text"
            : b.kind === "record" || b.kind === "array" || b.kind === "bytes"
              ? b.kind
              : "value";
        const plan: Plan = {
          name: f.name,
          kind: b.kind === "null" ? "void" : kind,
          init: `_init${cap(f.name)}`,
          has: `_has${cap(f.name)}`,
          type: b,
        };
        if (unions && f.optional) plan.is = `_is${cap(f.name)}`;
        return plan;
      });
      plans.set(rec, p);
    }
    return p;
  };
}

/** Text getters do not say whether the pointer is null; read its index from the generated getter. */
function textPointerIndex(ctor: StructCtor, field: string): number | undefined {
  const proto: unknown = ctor.prototype;
  if (typeof proto !== "object" || proto === null) return undefined;
  const getter = Object.getOwnPropertyDescriptor(proto, field)?.get;
  const m = getter?.toString().match(/getText\((\d+)/);
  return m ? Number(m[1]) : undefined;
}

/** The pointer index of each text field, read once per generated struct class. */
export function textPointers(): (s: Struct, field: string) => number | undefined {
  const textIndex = new Map<unknown, Map<string, number | undefined>>();
  return (s, field) => {
    let byField = textIndex.get(s.constructor);
    if (!byField) {
      byField = new Map();
      textIndex.set(s.constructor, byField);
    }
    if (!byField.has(field)) byField.set(field, textPointerIndex(s.constructor as StructCtor, field));
    return byField.get(field);
  };
}
