import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitCapnp } from "../src/emit/emit-capnp.ts";
import { emitFbs } from "../src/emit/emit-fbs.ts";
import { emitJsonSchema } from "../src/emit/emit-jsonschema.ts";
import { emitProto } from "../src/emit/emit-proto.ts";
import { emitThrift } from "../src/emit/emit-thrift.ts";
import { decodeIr, encodeIr } from "../src/encode/ir-refs.ts";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importProto } from "../src/import/import-proto.ts";
import type { IrSchema, IrType, RecordType } from "../src/ir.ts";

const fieldTypes = (ir: IrSchema) =>
  Object.fromEntries((ir.root as RecordType).fields.map((f) => [f.name, f.type]));
const codes = (ls: { code: string; path: string }[] | undefined) =>
  (ls ?? []).map((l) => `${l.code} ${l.path}`);

const everyScalar = `syntax = "proto3";
message S {
  double f_double = 1; float f_float = 2; int32 f_int32 = 3; int64 f_int64 = 4; uint32 f_uint32 = 5;
  uint64 f_uint64 = 6; sint32 f_sint32 = 7; sint64 f_sint64 = 8; fixed32 f_fixed32 = 9; fixed64 f_fixed64 = 10;
  sfixed32 f_sfixed32 = 11; sfixed64 f_sfixed64 = 12; bool f_bool = 13; string f_string = 14; bytes f_bytes = 15;
}`;

describe(".proto scalars keep their wire encoding", () => {
  it("imports every scalar with its kind and encoding", () => {
    expect(fieldTypes(importProto(everyScalar))).toEqual({
      f_double: { kind: "float64" },
      f_float: { kind: "float32" },
      f_int32: { kind: "int32" },
      f_int64: { kind: "int64" },
      f_uint32: { kind: "uint32" },
      f_uint64: { kind: "uint64" },
      f_sint32: { kind: "int32", encoding: "zigzag" },
      f_sint64: { kind: "int64", encoding: "zigzag" },
      f_fixed32: { kind: "uint32", encoding: "fixed" },
      f_fixed64: { kind: "uint64", encoding: "fixed" },
      f_sfixed32: { kind: "int32", encoding: "fixed" },
      f_sfixed64: { kind: "int64", encoding: "fixed" },
      f_bool: { kind: "bool" },
      f_string: { kind: "string" },
      f_bytes: { kind: "bytes" },
    });
  });

  it("emits each scalar back as the .proto type it was written as", () => {
    const text = emitProto(importProto(everyScalar)).text;
    for (const t of ["double", "float", "int32", "int64", "uint32", "uint64", "sint32", "sint64"])
      expect(text).toContain(`  ${t} f_${t} = `);
    for (const t of ["fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string", "bytes"])
      expect(text).toContain(`  ${t} f_${t} = `);
  });

  it("keeps the text and the root's full name for the Protobuf codec", () => {
    const text = 'syntax = "proto3"; package shop.v1; message Order { int32 id = 1; }';
    expect(importProto(text).original).toEqual({ idl: "proto", text, rootType: "shop.v1.Order" });
  });

  it("other IDLs report the encodings they cannot write", () => {
    const ir = importProto(everyScalar);
    expect(codes(emitAvsc(ir).limitations)).toEqual([
      "uint32-as-long S.f_uint32",
      "uint64-as-long S.f_uint64",
      "uint32-as-long S.f_fixed32",
      "int-encoding S.f_fixed32", // Avro's int is a zigzag varint: sint32 fits, fixed32 does not
      "uint64-as-long S.f_fixed64",
      "int-encoding S.f_fixed64",
      "int-encoding S.f_sfixed32",
      "int-encoding S.f_sfixed64",
    ]);
    for (const emit of [emitFbs, emitCapnp]) // fixed-width formats: zigzag is what they lose
      expect(codes(emit(ir).limitations)).toEqual(["int-encoding S.f_sint32", "int-encoding S.f_sint64"]);
    expect(codes(emitThrift(ir).limitations)).toEqual([
      "float32-as-double S.f_float",
      "uint32-as-i64 S.f_uint32",
      "uint64-as-i64 S.f_uint64",
      "int-encoding S.f_sint32",
      "int-encoding S.f_sint64",
      "uint32-as-i64 S.f_fixed32",
      "int-encoding S.f_fixed32",
      "uint64-as-i64 S.f_fixed64",
      "int-encoding S.f_fixed64",
      "int-encoding S.f_sfixed32",
      "int-encoding S.f_sfixed64",
    ]);
  });
});

describe(".proto constructs the IR cannot hold are reported", () => {
  const text = `syntax = "proto2";
enum E { option allow_alias = true; A = 0; B = 1; BEE = 1; }
message M {
  oneof pick { string s = 1; int32 n = 2; }
  map<int32, string> m = 3;
  optional int32 d = 4 [default = 7];
  required E e = 5;
}`;

  it("oneof members, non-string map keys and proto2 defaults", () => {
    expect(codes(importProto(text).limitations)).toEqual([
      "oneof-as-optional M.s",
      "oneof-as-optional M.n",
      "map-key-as-string M.m",
      "default-dropped M.d",
    ]);
  });

  it("IDLs that number enum symbols by position report it, so aliases stay two values", () => {
    const ir = importProto(text);
    for (const emit of [emitAvsc, emitThrift, emitFbs, emitCapnp]) {
      const e = emit(ir);
      expect(codes(e.limitations), e.idl).toContain("enum-numbers-as-positions E");
      expect(
        e.ir.root.kind === "record" && e.ir.root.fields.find((f) => f.name.toLowerCase() === "e")?.type,
      ).toMatchObject({
        kind: "enum",
        symbols: expect.arrayContaining([expect.stringMatching(/bee/i)]),
      });
      // No numbers of their own: the codecs number symbols by position, as the emitted schema does.
      expect(JSON.stringify(e.ir.root)).not.toMatch(/"values":\[\d/);
    }
    expect(codes(emitProto(ir).limitations)).not.toContain("enum-numbers-as-positions E");
  });

  it("enum aliases keep their numbers and an emitted .proto allows them", () => {
    const ir = importProto(text);
    expect(fieldTypes(ir).e).toEqual({
      kind: "enum",
      name: "E",
      symbols: ["A", "B", "BEE"],
      values: [0, 1, 1],
    });
    const emitted = emitProto(ir).text;
    expect(emitted).toContain("option allow_alias = true;");
    expect(() => protobuf.parse(emitted).root.resolveAll()).not.toThrow();
  });
});

describe(".avsc null and logical types", () => {
  const avsc = JSON.stringify({
    type: "record",
    name: "R",
    fields: [
      { name: "nothing", type: "null" },
      { name: "onlyNull", type: ["null"] },
      { name: "items", type: { type: "array", items: "null" } },
      { name: "n", type: "int" },
      { name: "id", type: { type: "string", logicalType: "uuid" } },
      { name: "at", type: { type: "long", logicalType: "timestamp-millis" } },
      { name: "atMicros", type: { type: "long", logicalType: "timestamp-micros" } },
      { name: "price", type: { type: "bytes", logicalType: "decimal", precision: 9, scale: 2 } },
    ],
  });

  it('a "null" type is the IR null, not a string; logical types keep their underlying type', () => {
    const ir = importAvsc(avsc);
    expect(fieldTypes(ir)).toEqual({
      nothing: { kind: "null" },
      onlyNull: { kind: "null" },
      items: { kind: "array", items: { kind: "null" } },
      n: { kind: "int32" },
      id: { kind: "string", format: "uuid" },
      at: { kind: "timestamp" },
      atMicros: { kind: "int64" },
      price: { kind: "bytes" },
    });
    expect(codes(ir.limitations)).toEqual([
      "logical-type-as-underlying R.atMicros",
      "logical-type-as-underlying R.price",
    ]);
    expect(ir.original).toEqual({ idl: "avsc", text: avsc, rootType: "R" });
  });

  it("Avro and JSON Schema write null; IDLs without a null type leave the field out and say so", () => {
    const ir = importAvsc(avsc);
    const out = JSON.parse(emitAvsc(ir).text) as { fields: { name: string; type: unknown }[] };
    expect(out.fields.find((f) => f.name === "nothing")?.type).toBe("null");
    const js = JSON.parse(emitJsonSchema(ir).text);
    expect(js.$defs.R.properties.nothing).toMatchObject({ type: "null" });
    for (const emit of [emitProto, emitThrift, emitFbs, emitCapnp]) {
      const e = emit(ir);
      expect(codes(e.limitations).slice(0, 3), e.idl).toEqual([
        "null-field-omitted R.nothing",
        "null-field-omitted R.onlyNull",
        "null-as-json R.items",
      ]);
      const fields = (e.ir.root as RecordType).fields.map((f) => f.name);
      expect(
        fields.some((f) => /nothing|only/i.test(f)),
        e.idl,
      ).toBe(false);
    }
  });
});

describe("emitted names always compile and renames are reported", () => {
  const rec = (fields: [string, IrType][]): IrSchema => ({
    irVersion: 1,
    name: "Video",
    source: "json",
    root: {
      kind: "record",
      name: "Video",
      fields: fields.map(([name, type], i) => ({ name, number: i + 1, type, optional: false })),
    },
  });
  const channel: IrType = {
    kind: "record",
    name: "Channel",
    fields: [{ name: "Name", number: 1, type: { kind: "string" }, optional: false }],
  };

  it("a field named like its type is snake_case in FlatBuffers (flatc refuses `Channel:Channel`)", () => {
    const e = emitFbs(rec([["Channel", channel]]));
    expect(e.text).toContain("channel:Channel");
    expect(e.renames).toEqual([]);
  });

  it("reserved words and case collisions get deterministic names, listed as renames", () => {
    const ir = rec([
      ["message", { kind: "string" }],
      ["a", { kind: "int32" }],
      ["A", { kind: "int32" }],
      ["to_string", { kind: "int32" }],
    ]);
    expect(emitProto(ir).renames).toEqual([
      { kind: "field", path: "Video", from: "message", to: "message_" },
      { kind: "field", path: "Video", from: "A", to: "A2" },
    ]);
    // flatc --ts reads `to_string` as toString(), which every JS object has.
    expect(emitFbs(ir).renames).toEqual([
      { kind: "field", path: "Video", from: "A", to: "a2" },
      { kind: "field", path: "Video", from: "to_string", to: "to_string_" },
    ]);
    expect(emitFbs(ir).text).toBe(emitFbs(ir).text);
  });
});

describe("the stored IR keeps the importer's limitations", () => {
  it("encodeIr and decodeIr carry them (the REST run shows them at the top)", () => {
    // `optional` is a synthetic oneof in protobufjs: plain presence, not reported.
    const ir = importProto(
      'syntax = "proto3"; message M { oneof o { int32 a = 1; string b = 2; } optional int32 c = 3; }',
    );
    const stored = JSON.parse(JSON.stringify(encodeIr(ir)));
    expect(codes(stored.limitations)).toEqual(["oneof-as-optional M.a", "oneof-as-optional M.b"]);
    expect(decodeIr(stored).limitations).toEqual(ir.limitations);
  });
});
