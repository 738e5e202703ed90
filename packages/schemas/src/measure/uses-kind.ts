import type { IrType } from "../ir.ts";

/**
 * Whether any type reachable from `root` is of this kind. Each type object is visited once, so a
 * schema whose shared types would expand to millions of fields costs only its own size (unlike a
 * search through `JSON.stringify(root)`, which writes every shared type out wherever it is used).
 */
export function usesKind(root: IrType, kind: IrType["kind"]): boolean {
  const seen = new Set<IrType>();
  const stack: IrType[] = [root];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    if (t.kind === kind) return true;
    if (t.kind === "record") for (const f of t.fields) stack.push(f.type);
    else if (t.kind === "union") stack.push(...t.variants);
    else if (t.kind === "array") stack.push(t.items);
    else if (t.kind === "map") stack.push(t.values);
    else if (t.kind === "nullable") stack.push(t.type);
  }
  return false;
}
