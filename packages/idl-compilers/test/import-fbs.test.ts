import type { IrType, RecordType } from "@wirebench/schemas";
import { importSchema } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { idlCompilers } from "../src/index.ts";

// The importer reads flatc's reflection of the schema, so these go through the real `flatc` binary.
const fbs = (text: string, rootType?: string) =>
  importSchema({ kind: "fbs", text, ...(rootType ? { rootType } : {}) }, {}, idlCompilers);
const field = (r: IrType, name: string) => (r as RecordType).fields.find((f) => f.name === name)!;

describe("importing .fbs", () => {
  it("keeps every scalar width, ids (+1) in id order, defaults and optional scalars", () => {
    const s = fbs(`
      table Scalars {
        b:bool = true;
        i8:byte; u8:ubyte; i16:short = -3; u16:ushort;
        i32:int; u32:uint; i64:long = 9007199254740993; u64:ulong;
        f32:float = 0.5; f64:double;
        s:string; maybe:int = null;
      }
      root_type Scalars;`);
    expect(s.source).toBe("fbs");
    const r = s.root as RecordType;
    expect(
      r.fields.map((f) => [
        f.name,
        f.number,
        f.type.kind,
        f.type.kind === "int32" || f.type.kind === "uint32" ? f.type.bits : undefined,
      ]),
    ).toEqual([
      ["b", 1, "bool", undefined],
      ["i8", 2, "int32", 8],
      ["u8", 3, "uint32", 8],
      ["i16", 4, "int32", 16],
      ["u16", 5, "uint32", 16],
      ["i32", 6, "int32", undefined],
      ["u32", 7, "uint32", undefined],
      ["i64", 8, "int64", undefined],
      ["u64", 9, "uint64", undefined],
      ["f32", 10, "float32", undefined],
      ["f64", 11, "float64", undefined],
      ["s", 12, "string", undefined],
      ["maybe", 13, "int32", undefined],
    ]);
    expect(field(r, "b")).toMatchObject({ optional: false, default: true });
    expect(field(r, "i16").default).toBe(-3);
    expect(field(r, "i64").default).toBe("9007199254740993");
    expect(field(r, "f32").default).toBe(0.5);
    expect(field(r, "maybe")).toMatchObject({ optional: true });
    expect(field(r, "maybe").default).toBeUndefined();
    expect(field(r, "s").optional).toBe(true);
  });

  it("orders fields by their explicit ids", () => {
    const r = fbs("table T { a:int (id: 2); b:string (id: 0); c:short (id: 1); }").root as RecordType;
    expect(r.fields.map((f) => [f.name, f.number])).toEqual([
      ["b", 1],
      ["c", 2],
      ["a", 3],
    ]);
  });

  it("turns structs, vectors, [ubyte], enums, unions and required fields into the IR", () => {
    const s = fbs(`
      namespace Game.Sample;
      enum Color:byte { Red = 0, Green, Blue = 5 }
      struct Vec3 { x:float; y:float; z:float; }
      table Weapon { name:string (required); damage:short; }
      table Shield { armor:int; }
      union Equipment { Weapon, Shield }
      table Monster {
        pos:Vec3;
        color:Color = Blue;
        inventory:[ubyte];
        signed:[byte];
        weapons:[Weapon];
        equipped:Equipment;
        friendly:bool (deprecated);
        path:[Vec3];
      }
      root_type Monster;`);
    const r = s.root;
    expect(s.name).toBe("Monster");
    expect(field(r, "pos")).toMatchObject({ optional: true, type: { kind: "record", name: "Vec3" } });
    expect((field(r, "pos").type as RecordType).fields.map((f) => [f.name, f.optional])).toEqual([
      ["x", false],
      ["y", false],
      ["z", false],
    ]);
    expect(field(r, "color")).toMatchObject({
      type: { kind: "enum", name: "Color", symbols: ["Red", "Green", "Blue"], values: [0, 1, 5] },
      default: "Blue",
    });
    expect(field(r, "inventory").type).toEqual({ kind: "bytes" });
    expect(field(r, "signed").type).toEqual({ kind: "array", items: { kind: "int32", bits: 8 } });
    const weapon = (field(r, "weapons").type as { items: RecordType }).items;
    expect(weapon.fields.map((f) => [f.name, f.optional])).toEqual([
      ["name", false],
      ["damage", false],
    ]);
    // A union is two fields, as flatc's JSON writes it: the member's name, then its table.
    expect(field(r, "equipped_type")).toMatchObject({
      type: { kind: "enum", name: "Equipment", symbols: ["NONE", "Weapon", "Shield"], values: [0, 1, 2] },
    });
    expect(field(r, "equipped").type).toMatchObject({
      kind: "union",
      variants: [
        { kind: "record", name: "Weapon" },
        { kind: "record", name: "Shield" },
      ],
    });
    expect(r.kind === "record" && r.fields.some((f) => f.name === "friendly")).toBe(false);
  });

  it("takes root_type, else --root by short or full name, and lists the tables for a typo", () => {
    const text = "namespace N;\ntable A { x:int; }\ntable B { a:A; }\ntable C { s:string; }";
    expect(fbs(text).name).toBe("B");
    expect(fbs(`${text}\nroot_type C;`).name).toBe("C");
    expect(fbs(text, "N.A").name).toBe("A");
    expect(fbs(text, "C").name).toBe("C");
    expect(() => fbs(text, "D")).toThrow(/no table named D; choose from N.A, N.B, N.C/);
  });

  it("refuses includes, recursion and bad syntax by name", () => {
    expect(() => fbs('include "other.fbs";\ntable T { x:int; }')).toThrow(
      /imports "other.fbs", which cannot be loaded/,
    );
    expect(() => fbs("table T { next:T; }")).toThrow(/recursive type T/);
    expect(() => fbs("table T { x:int")).toThrow(/\.fbs does not compile: .*schema\.fbs/);
    expect(() => fbs("struct S { x:int; }")).toThrow(/defines no table/);
  });
});
