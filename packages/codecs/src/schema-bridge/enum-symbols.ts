import type { DataValue, IrType } from "@wirebench/schemas";
import { reverse } from "./ir-walk.ts";

/**
 * Enum values between the data model's symbols and the IDL's: the emitted symbol names, or with
 * `asNumbers` the IDL's numbers (a library that holds enums as numbers).
 */
export class EnumSymbols {
  private readonly back = new Map<string, Record<string, string>>();

  constructor(
    private readonly symbols: Record<string, Record<string, string>>,
    private readonly asNumbers: boolean,
  ) {}

  toIdl(orig: IrType & { kind: "enum" }, idl: IrType, v: DataValue, path: string): unknown {
    if (typeof v !== "string") return v;
    const s = this.symbols[orig.name]?.[v];
    if (s === undefined) throw new Error(`${path || "/"}: "${v}" is not a symbol of enum ${orig.name}`);
    if (this.asNumbers && idl.kind === "enum") {
      const i = idl.symbols.indexOf(s);
      return idl.values?.[i] ?? i;
    }
    return s;
  }

  fromIdl(orig: IrType & { kind: "enum" }, idl: IrType, v: unknown): DataValue {
    if (typeof v === "number" && this.asNumbers && idl.kind === "enum") {
      const i = idl.values ? idl.values.indexOf(v) : v;
      v = idl.symbols[i] ?? v;
    }
    if (typeof v !== "string") return v as DataValue;
    let back = this.back.get(orig.name);
    if (!back) {
      back = reverse(this.symbols[orig.name]);
      this.back.set(orig.name, back);
    }
    return back[v] ?? v;
  }
}

/** The symbol an absent enum reads as; undefined when the IDL's zero symbol has no IR symbol. */
export function enumDefault(orig: IrType, idl: IrType): string | undefined {
  if (orig.kind !== "enum" || idl.kind !== "enum") return undefined;
  // proto3 needs a zero symbol: when the IDL added one (values start above 0) absence has no IR symbol.
  return idl.values && !idl.values.includes(0) ? undefined : orig.symbols[0];
}
