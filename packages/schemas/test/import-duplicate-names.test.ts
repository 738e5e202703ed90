import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { namedTypes } from "../src/emit/adapt-ir.ts";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitProto } from "../src/emit/emit-proto.ts";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importProto } from "../src/import/import-proto.ts";
import type { IrType, RecordType } from "../src/ir.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const field = (t: IrType, name: string) => (t as RecordType).fields.find((f) => f.name === name)!.type;
const names = (t: IrType) => namedTypes(t).map((n) => n.name);

describe("nested types that share a short name stay distinct", () => {
  it("proto: the first Item keeps its name, later ones are qualified by their parent", () => {
    const ir = importProto(fixture("duplicate-names.proto"));
    expect(ir.name).toBe("Account");
    expect(names(ir.root).sort()).toEqual(
      [
        "Account",
        "Cart",
        "CatalogItem",
        "Catalog",
        "Item",
        "Kind",
        "Wishlist",
        "WishlistItem",
        "WishlistKind",
      ].sort(),
    );
    const cart = field(ir.root, "cart");
    const wishlist = field(ir.root, "wishlist");
    expect(field(cart, "items")).toMatchObject({
      items: { name: "Item", fields: [{ name: "sku" }, { name: "qty" }] },
    });
    expect(field(wishlist, "items")).toMatchObject({
      items: { name: "WishlistItem", fields: [{ name: "product_id" }, { name: "shared" }] },
    });
    expect(field(wishlist, "kind")).toMatchObject({
      name: "WishlistKind",
      symbols: ["KIND_NONE", "KIND_SHARED"],
    });
    expect(field(field(ir.root, "catalog"), "items")).toMatchObject({
      kind: "map",
      values: { name: "CatalogItem", fields: [{ name: "price", type: { kind: "float64" } }] },
    });
  });

  it("proto: the names do not depend on which message is the root", () => {
    const ir = importProto(fixture("duplicate-names.proto"), "Wishlist");
    expect(names(ir.root)).toEqual(["WishlistItem", "WishlistKind", "Wishlist"]);
  });

  it("proto: the emitted file declares each type once and imports back to the same IR", () => {
    const first = importProto(fixture("duplicate-names.proto"));
    const emitted = emitProto(first);
    expect(emitted.text.match(/^message \w+/gm)).toHaveLength(7);
    // One flat proto file puts every enum's symbols in one scope, so the renamed enum's symbols
    // get its new name as prefix; the mapping says so and the rest of the IR comes back unchanged.
    const renamed = emitted.enumSymbols.WishlistKind!;
    expect(renamed).toEqual({
      KIND_NONE: "WISHLIST_KIND_KIND_NONE",
      KIND_SHARED: "WISHLIST_KIND_KIND_SHARED",
    });
    const expected = structuredClone(first);
    const kind = field(field(expected.root, "wishlist"), "kind") as { symbols: string[] };
    kind.symbols = kind.symbols.map((s) => renamed[s]!);
    expect(importProto(emitted.text)).toEqual({
      ...expected,
      original: { idl: "proto", text: emitted.text, rootType: `wirebench.${emitted.rootType}` },
    });
  });

  it("avsc: records and enums are told apart by full name (namespaces resolved as Avro does)", () => {
    const ir = importAvsc(fixture("duplicate-names.avsc"));
    expect(field(ir.root, "cart")).toMatchObject({
      name: "Item",
      fields: [{ name: "sku" }, { name: "qty" }],
    });
    expect(field(ir.root, "wish")).toMatchObject({ name: "WishlistItem" });
    expect(field(ir.root, "cartAgain")).toBe(field(ir.root, "cart"));
    expect(field(ir.root, "wishAgain")).toBe(field(ir.root, "wish"));
    expect(field(field(ir.root, "wish"), "kind")).toMatchObject({
      name: "Kind",
      symbols: ["NONE", "SHARED"],
    });
    expect(field(ir.root, "kind")).toMatchObject({ name: "ShopKind", symbols: ["GIFT", "SELF"] });
  });

  it("avsc: the emitted schema is accepted by avsc and imports back to the same IR", () => {
    const first = importAvsc(fixture("duplicate-names.avsc"));
    const text = emitAvsc(first).text;
    expect(importAvsc(text)).toEqual({
      ...first,
      original: { idl: "avsc", text, rootType: `wirebench.${first.name}` },
    });
  });
});
