import type { EnumType, IrType, RecordType } from "../ir.ts";

/** Records and enums of an IR, each once, dependencies before the types that use them. */
export function namedTypes(root: IrType): (RecordType | EnumType)[] {
  const seen = new Set<string>();
  const order: (RecordType | EnumType)[] = [];
  const visit = (t: IrType) => {
    switch (t.kind) {
      case "record":
        if (seen.has(t.name)) return;
        seen.add(t.name);
        for (const f of t.fields) visit(f.type);
        order.push(t);
        return;
      case "enum":
        if (seen.has(t.name)) return;
        seen.add(t.name);
        order.push(t);
        return;
      case "array":
        return visit(t.items);
      case "map":
        return visit(t.values);
      case "nullable":
        return visit(t.type);
      case "union":
        return t.variants.forEach(visit);
    }
  };
  visit(root);
  return order;
}
