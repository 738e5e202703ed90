import type { DataValue, IrType } from "../ir.ts";
// Keys such as `__proto__` are data here; plain assignment would call the prototype setter.
import { setOwn } from "../naming/set-own.ts";

/** Whether a float field can be reached from this type; memoised, since records repeat. */
function makeHasFloat(): (t: IrType) => boolean {
  const memo = new WeakMap<IrType, boolean>();
  const has = (t: IrType): boolean => {
    const known = memo.get(t);
    if (known !== undefined) return known;
    let r: boolean;
    switch (t.kind) {
      case "float32":
      case "float64":
        r = true;
        break;
      case "nullable":
        r = has(t.type);
        break;
      case "array":
        r = has(t.items);
        break;
      case "map":
        r = has(t.values);
        break;
      case "record":
        r = t.fields.some((f) => has(f.type));
        break;
      default:
        r = false;
    }
    memo.set(t, r);
    return r;
  };
  return has;
}

/**
 * Turns bigints into numbers wherever the inferred type is a float, in place. A position typed
 * float64 may still hold exact bigints from the parser (integers beyond 2^53 next to a float, or
 * int64 negatives next to values above 2^63-1); codecs expect the data to match its schema.
 */
export function conformFloats(root: IrType, messages: DataValue[]): void {
  const hasFloat = makeHasFloat();
  const visit = (t: IrType, v: DataValue): DataValue => {
    if (v === null || !hasFloat(t)) return v;
    switch (t.kind) {
      case "float32":
      case "float64":
        return typeof v === "bigint" ? Number(v) : v;
      case "nullable":
        return visit(t.type, v);
      case "array":
        if (Array.isArray(v)) for (let i = 0; i < v.length; i++) v[i] = visit(t.items, v[i]!);
        return v;
      case "map":
        if (typeof v === "object" && !Array.isArray(v) && !(v instanceof Uint8Array))
          for (const k of Object.keys(v)) setOwn(v, k, visit(t.values, v[k]!));
        return v;
      case "record":
        if (typeof v === "object" && !Array.isArray(v) && !(v instanceof Uint8Array))
          for (const f of t.fields)
            if (Object.hasOwn(v, f.name)) setOwn(v, f.name, visit(f.type, v[f.name]!));
        return v;
      default:
        return v;
    }
  };
  for (let i = 0; i < messages.length; i++) messages[i] = visit(root, messages[i]!);
}
