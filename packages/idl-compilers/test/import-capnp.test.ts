import type { IrType, RecordType } from "@wirebench/schemas";
import { importSchema } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { idlCompilers } from "../src/index.ts";

// The importer reads capnp's CodeGeneratorRequest, so these go through the real `capnp` binary.
const id = "@0xd5a6b7c8e9f01234;\n";
const capnp = (text: string, rootType?: string) =>
  importSchema({ kind: "capnp", text: id + text, ...(rootType ? { rootType } : {}) }, {}, idlCompilers);
const field = (r: IrType, name: string) => (r as RecordType).fields.find((f) => f.name === name)!;

describe("importing .capnp", () => {
  it("keeps every scalar width, ordinals (+1) in code order and defaults", () => {
    const s = capnp(`
      struct Scalars {
        b @0 :Bool = true;
        i8 @1 :Int8; i16 @2 :Int16 = -3; i32 @3 :Int32; i64 @4 :Int64 = 9007199254740993;
        u8 @5 :UInt8; u16 @6 :UInt16; u32 @7 :UInt32; u64 @8 :UInt64;
        f32 @9 :Float32 = 0.5; f64 @10 :Float64;
        t @11 :Text; d @12 :Data; any @13 :AnyPointer;
      }`);
    expect(s.source).toBe("capnp");
    const r = s.root as RecordType;
    expect(r.fields.map((f) => [f.name, f.number, f.type.kind, f.optional])).toEqual([
      ["b", 1, "bool", false],
      ["i8", 2, "int32", false],
      ["i16", 3, "int32", false],
      ["i32", 4, "int32", false],
      ["i64", 5, "int64", false],
      ["u8", 6, "uint32", false],
      ["u16", 7, "uint32", false],
      ["u32", 8, "uint32", false],
      ["u64", 9, "uint64", false],
      ["f32", 10, "float32", false],
      ["f64", 11, "float64", false],
      ["t", 12, "string", false],
      ["d", 13, "bytes", false],
      ["any", 14, "any", false],
    ]);
    expect(field(r, "i8").type).toEqual({ kind: "int32", bits: 8 });
    expect(field(r, "u16").type).toEqual({ kind: "uint32", bits: 16 });
    expect(field(r, "b").default).toBe(true);
    expect(field(r, "i16").default).toBe(-3);
    expect(field(r, "i64").default).toBe("9007199254740993");
    expect(field(r, "f32").default).toBe(0.5);
    expect(field(r, "i32").default).toBe(0);
    expect(field(r, "t").default).toBeUndefined();
  });

  it("turns lists, enums, nested structs, unions, groups and Void into the IR", () => {
    const s = capnp(`
      struct Person {
        name @0 :Text;
        phones @1 :List(Phone);
        struct Phone {
          number @0 :Text;
          type @1 :Type;
          enum Type { mobile @0; home @1; work @2; }
        }
        employment :union {
          unemployed @2 :Void;
          employer @3 :Text;
        }
        address :group { city @4 :Text; zip @5 :UInt32; }
        union { cat @6 :Text; dog @7 :Text; }
        grid @8 :List(List(Int16));
      }`);
    const r = s.root;
    expect(s.name).toBe("Person");
    const phone = (field(r, "phones").type as { items: RecordType }).items;
    expect(phone.name).toBe("Phone");
    expect(field(phone, "type").type).toEqual({
      kind: "enum",
      name: "Type",
      symbols: ["mobile", "home", "work"],
      values: [0, 1, 2],
    });
    const employment = field(r, "employment").type as RecordType;
    expect(employment.fields.map((f) => [f.name, f.optional, f.type.kind])).toEqual([
      ["unemployed", true, "null"],
      ["employer", true, "string"],
    ]);
    // Union members have no default (only the one set is read); other scalars read 0 when absent.
    expect(field(employment, "employer").default).toBeUndefined();
    expect(field(field(r, "address").type, "zip").default).toBe(0);
    expect(field(phone, "type").default).toBe("mobile");
    const address = field(r, "address").type as RecordType;
    expect(address.fields.map((f) => [f.name, f.optional])).toEqual([
      ["city", false],
      ["zip", false],
    ]);
    expect(field(r, "cat").optional).toBe(true);
    expect(field(r, "dog").optional).toBe(true);
    expect(field(r, "grid").type).toEqual({
      kind: "array",
      items: { kind: "array", items: { kind: "int32", bits: 16 } },
    });
    // Group numbers follow the struct's ordinals, so no two fields share one.
    const numbers = (r as RecordType).fields.map((f) => f.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("picks the struct no other uses, or --root by name, and lists the structs for a typo", () => {
    const text = "struct A { x @0 :Int32; }\nstruct B { a @0 :A; }\nstruct C { s @0 :Text; }";
    expect(capnp(text).name).toBe("B");
    expect(capnp(text, "C").name).toBe("C");
    expect(() => capnp(text, "D")).toThrow(/no struct named D; choose from A, B, C/);
  });

  it("accepts the standard c++.capnp annotations and refuses other imports, interfaces, recursion and bad syntax", () => {
    const ok = capnp(
      'using Cxx = import "/capnp/c++.capnp";\n$Cxx.namespace("x");\nstruct S { a @0 :Int32; }',
    );
    expect(ok.name).toBe("S");
    expect(() => capnp('using import "other.capnp".Thing;\nstruct S { a @0 :Int32; }')).toThrow(
      /imports "other.capnp", which cannot be loaded/,
    );
    expect(() => capnp("interface I { f @0 () -> (); }\nstruct S { i @0 :I; }")).toThrow(
      /S.i: an interface \(capability\) carries no data/,
    );
    expect(() => capnp("struct L { next @0 :L; }")).toThrow(/recursive type L/);
    expect(() => capnp("struct S { a @0 :Int32 }")).toThrow(/\.capnp does not compile: schema\.capnp/);
    expect(() =>
      importSchema({ kind: "capnp", text: "struct S { a @0 :Int32; }" }, {}, idlCompilers),
    ).toThrow(/does not declare an ID/);
  });
});
