import type { IrType, Limitation, ScalarType } from "../ir.ts";

/** What an IDL does with a scalar it cannot write as the IR has it; undefined when it can. */
export type ScalarRule = (t: ScalarType) => { code: string; detail: string } | undefined;

/**
 * The scalars of an IR that an IDL changes (uint64 as a signed long, sint32 as a plain int, …), each
 * reported once per field path. Walks the original IR, whose names the user knows.
 */
export function scalarLimitations(root: IrType, rootName: string, rules: ScalarRule[]): Limitation[] {
  const out: Limitation[] = [];
  const seen = new Set<string>();
  const visited = new Set<IrType>();
  const visit = (t: IrType, path: string) => {
    switch (t.kind) {
      case "record":
        if (visited.has(t)) return;
        visited.add(t);
        for (const f of t.fields) visit(f.type, `${t.name}.${f.name}`);
        return;
      case "array":
        return visit(t.items, path);
      case "map":
        return visit(t.values, path);
      case "nullable":
        return visit(t.type, path);
      case "union":
        for (const v of t.variants) visit(v, path);
        return;
      case "enum":
      case "any":
        return;
      default:
        for (const rule of rules) {
          const hit = rule(t);
          const key = `${hit?.code} ${path}`;
          if (hit && !seen.has(key)) {
            seen.add(key);
            out.push({ code: hit.code, path, detail: hit.detail });
          }
        }
    }
  };
  visit(root, rootName);
  return out;
}

/** The .proto type name a scalar with a wire encoding was written as (for messages). */
export function protoScalarName(t: ScalarType): string {
  const bits = t.kind.replace(/\D/g, "");
  if (t.encoding === "zigzag") return `sint${bits}`;
  if (t.encoding === "fixed") return `${t.kind.startsWith("u") ? "" : "s"}fixed${bits}`;
  return t.kind;
}

/**
 * Every emitter writes timestamps as int64 epoch milliseconds: exact for Avro's timestamp-millis, but
 * a google.protobuf.Timestamp holds nanoseconds.
 */
export const timestampRule: ScalarRule = (t) =>
  t.kind === "timestamp" && t.wellKnown
    ? {
        code: "timestamp-as-millis",
        detail: `${t.wellKnown} is carried as a 64-bit integer of epoch milliseconds (finer precision is lost)`,
      }
    : undefined;

/** An IDL whose integers have one wire encoding each: `accepts` says which .proto encodings it keeps. */
export const encodingRule =
  (idl: string, accepts: (e: "zigzag" | "fixed") => boolean, how: string): ScalarRule =>
  (t) =>
    t.encoding && !accepts(t.encoding)
      ? {
          code: "int-encoding",
          detail: `${protoScalarName(t)} in the .proto: ${idl} writes ${t.kind} ${how}`,
        }
      : undefined;

/** A scalar kind an IDL carries in a wider or signed type. */
export const widenRule =
  (kind: string, code: string, detail: string): ScalarRule =>
  (t) =>
    t.kind === kind ? { code, detail } : undefined;

/**
 * An IDL without 8- or 16-bit integers carries a narrow integer of the imported schema (Thrift i16,
 * FlatBuffers ubyte, Cap'n Proto Int8, …) in its 32-bit type: values are kept, the width is not.
 */
export const narrowRule =
  (idl: string): ScalarRule =>
  (t) =>
    t.bits
      ? {
          code: "narrow-int-widened",
          detail: `${t.kind.startsWith("u") ? "u" : ""}int${t.bits} in the imported schema: ${idl} writes it as ${t.kind}`,
        }
      : undefined;

/** The IDL's own name of a narrow integer (`bits`), by [signed 8, signed 16, unsigned 8, unsigned 16]. */
export function narrowName(t: IrType, names: [string, string, string, string]): string | undefined {
  if ((t.kind !== "int32" && t.kind !== "uint32") || !t.bits) return undefined;
  return names[(t.kind === "uint32" ? 2 : 0) + (t.bits === 16 ? 1 : 0)];
}
