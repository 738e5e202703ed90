import { NumberedNames } from "../naming/numbered-names.ts";

/**
 * IR names for imported records and enums. Emitters and adaptIr tell types apart by IR name, so
 * nested types that share a short name (`A.Item`, `B.Item`) must get different ones. The first type
 * to ask for a short name keeps it; a later one takes the shortest free qualification by its parents
 * (`BItem`, then `ShopBItem`), then a number. Names are concatenated rather than dotted so that an
 * emitted schema imports back under the same names.
 */
export class UniqueTypeNames {
  private readonly used = new Set<string>();
  private readonly byFullName = new Map<string, string>();
  private readonly numbered = new NumberedNames();

  /** `path`: the type's full name split into parts, outermost first (`["shop", "B", "Item"]`). */
  name(path: string[]): string {
    const fullName = path.join(".");
    const known = this.byFullName.get(fullName);
    if (known !== undefined) return known;
    const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
    let name = "";
    for (let i = path.length - 1; i >= 0; i--) {
      const candidate =
        path[i] +
        path
          .slice(i + 1)
          .map(upper)
          .join("");
      name = i === path.length - 1 ? candidate : upper(candidate);
      if (!this.used.has(name)) break;
    }
    name = this.numbered.first(name, (n) => !this.used.has(n));
    this.used.add(name);
    this.byFullName.set(fullName, name);
    return name;
  }
}
