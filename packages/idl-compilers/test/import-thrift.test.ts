import type { IrType, RecordType } from "@wirebench/schemas";
import { importSchema } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { idlCompilers } from "../src/index.ts";

// The importer reads the Apache Thrift compiler's XML, so these go through the real `thrift` binary.
const thrift = (text: string, rootType?: string) =>
  importSchema({ kind: "thrift", text, ...(rootType ? { rootType } : {}) }, {}, idlCompilers);
const field = (r: IrType, name: string) => (r as RecordType).fields.find((f) => f.name === name)!;

describe("importing .thrift", () => {
  it("keeps every scalar width, field ids as written and requiredness", () => {
    const s = thrift(`
      struct Scalars {
        1: required bool b
        2: i8 tiny
        3: byte alsoTiny
        4: i16 small
        5: i32 mid
        6: i64 big
        7: double d
        8: string s
        12: optional binary raw
      }`);
    expect(s.source).toBe("thrift");
    const r = s.root as RecordType;
    expect(r.fields.map((f) => [f.name, f.number, f.type, f.optional])).toEqual([
      ["b", 1, { kind: "bool" }, false],
      ["tiny", 2, { kind: "int32", bits: 8 }, true],
      ["alsoTiny", 3, { kind: "int32", bits: 8 }, true],
      ["small", 4, { kind: "int32", bits: 16 }, true],
      ["mid", 5, { kind: "int32" }, true],
      ["big", 6, { kind: "int64" }, true],
      ["d", 7, { kind: "float64" }, true],
      ["s", 8, { kind: "string" }, true],
      ["raw", 12, { kind: "bytes" }, true],
    ]);
  });

  it("resolves typedefs and keeps enums with their values and defaults", () => {
    const s = thrift(`
      enum Color { RED = 1, GREEN, BLUE = 10 }
      typedef i64 UserId
      typedef list<Color> Colors
      struct T {
        1: UserId id = 9007199254740993
        2: Colors colors
        3: Color c = Color.GREEN
        4: bool on = true
        5: string label = "x"
        6: double ratio = 1.5
      }`);
    const r = s.root;
    expect(field(r, "id")).toMatchObject({ type: { kind: "int64" }, default: "9007199254740993" });
    expect(field(r, "colors").type).toEqual({
      kind: "array",
      items: { kind: "enum", name: "Color", symbols: ["RED", "GREEN", "BLUE"], values: [1, 2, 10] },
    });
    expect(field(r, "c").default).toBe("GREEN");
    expect(field(r, "on").default).toBe(true);
    expect(field(r, "label").default).toBe("x");
    expect(field(r, "ratio").default).toBe(1.5);
  });

  it("turns lists, sets, maps, unions, exceptions and nested structs into the IR", () => {
    const s = thrift(`
      struct Inner { 1: string name }
      union Choice { 1: i32 n; 2: Inner inner }
      exception Oops { 1: string message }
      struct Outer {
        1: list<Inner> items
        2: set<string> tags
        3: map<string, double> prices
        4: map<i32, Inner> byId
        5: Choice choice
        6: Oops oops
        7: list<list<i16>> grid
      }`);
    const r = s.root;
    expect(s.name).toBe("Outer");
    expect(field(r, "items").type).toMatchObject({ kind: "array", items: { kind: "record", name: "Inner" } });
    expect(field(r, "tags").type).toEqual({ kind: "array", items: { kind: "string" } });
    expect(field(r, "prices").type).toEqual({ kind: "map", values: { kind: "float64" } });
    expect(field(r, "byId").type).toMatchObject({ kind: "map", values: { name: "Inner" } });
    const choice = field(r, "choice").type as RecordType;
    expect(choice.fields.every((f) => f.optional)).toBe(true);
    expect(choice.doc).toMatch(/union/);
    expect(field(r, "oops").type).toMatchObject({ kind: "record", name: "Oops" });
    expect(field(r, "grid").type).toEqual({
      kind: "array",
      items: { kind: "array", items: { kind: "int32", bits: 16 } },
    });
  });

  it("picks the struct no other uses, or the one --root names, and lists the choices for a typo", () => {
    const text = "struct A { 1: i32 x }\nstruct B { 1: A a }\nstruct C { 1: string s }";
    expect(thrift(text).name).toBe("B");
    expect(thrift(text, "C").name).toBe("C");
    expect(() => thrift(text, "D")).toThrow(/no struct named D; choose from A, B, C/);
  });

  it("ignores namespaces and services, and refuses includes, missing ids, recursion and bad syntax by name", () => {
    const ok = thrift(`
      namespace py a.b
      namespace xsd test (uri = 'http://example.com')
      struct S { 1: i32 x }
      service Svc { S get(1: i32 id) }`);
    expect(ok.name).toBe("S");
    expect(() => thrift('include "shared.thrift"\nstruct S { 1: shared.T t }')).toThrow(
      /imports "shared.thrift", which cannot be loaded/,
    );
    expect(() => thrift("struct S { i32 x }")).toThrow(/S.x: the field has no id/);
    expect(() => thrift("struct L { 1: L tail }")).toThrow(/recursive type L/);
    expect(() => thrift("struct S { 1: i32 x")).toThrow(/\.thrift does not compile: .*schema\.thrift:1/);
    expect(() => thrift("struct S { 1: map<list<i32>, i32> m }")).toThrow(/map keys of type array/);
    expect(() => thrift("enum E { A }")).toThrow(/defines no struct/);
    const deep = `struct S { 1: ${"list<".repeat(200)}i32${">".repeat(200)} x }`;
    expect(() => thrift(deep)).toThrow(/nests container types too deeply/);
  });
});
