import { describe, expect, it } from "vitest";
import { importCapnpRequest, importFbsReflection, importThriftXml, SchemaImportError } from "../src/index.ts";

// The .thrift/.fbs/.capnp importers take their compiler's output (the codecs package runs the
// compilers). These feed them that output directly: the shapes below are what thrift 0.17's
// `--gen xml` and flatc 2.0.8's reflection JSON print for small schemas.

const thriftXml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<idl xmlns="http://thrift.apache.org/xml/idl" xmlns:idl="http://thrift.apache.org/xml/idl">
  <document name="s" targetNamespace="http://thrift.apache.org/xml/ns/s" xmlns:s="http://thrift.apache.org/xml/ns/s">
${body}
  </document>
</idl>`;

describe("importers of compiler output", () => {
  it("reads thrift's XML: enums with values, typedefs, requiredness, defaults, the source text kept", () => {
    const xml = thriftXml(`
    <enum name="E"><member name="A" value="1" /><member name="B" value="7" /></enum>
    <typedef name="Id" type="i64" />
    <struct name="S">
      <field name="id" field-id="1" required="required" type="id" type-module="s" type-id="Id" />
      <field name="e" field-id="2" type="id" type-module="s" type-id="E"><default><int>7</int></default></field>
      <field name="small" field-id="5" required="optional" type="i16" />
      <field name="tags" field-id="6" type="set"><elemType type="string" /></field>
    </struct>`);
    const ir = importThriftXml(xml, undefined, "struct S { … }");
    expect(ir.original).toEqual({ idl: "thrift", text: "struct S { … }", rootType: "S" });
    expect(ir.root).toEqual({
      kind: "record",
      name: "S",
      fields: [
        { name: "id", number: 1, type: { kind: "int64" }, optional: false },
        {
          name: "e",
          number: 2,
          type: { kind: "enum", name: "E", symbols: ["A", "B"], values: [1, 7] },
          optional: true,
          default: "B",
        },
        { name: "small", number: 5, type: { kind: "int32", bits: 16 }, optional: true },
        { name: "tags", number: 6, type: { kind: "array", items: { kind: "string" } }, optional: true },
      ],
    });
  });

  it("refuses a type from another module and output that is no compiler output", () => {
    const other = thriftXml(
      '<struct name="S"><field name="x" field-id="1" type="id" type-module="shared" type-id="T" /></struct>',
    );
    expect(() => importThriftXml(other)).toThrow(/shared\.T comes from an included file/);
    expect(() => importThriftXml("<html/>")).toThrow(SchemaImportError);
    expect(() => importFbsReflection("not json")).toThrow(/reflection output is not JSON/);
    expect(() => importFbsReflection("{}")).toThrow(/defines no table/);
    expect(() => importCapnpRequest(new Uint8Array([1, 2, 3]))).toThrow(SchemaImportError);
  });

  it("reads flatc's reflection JSON: id order, 64-bit defaults exactly, the declared root", () => {
    const json = `{
      "objects": [
        { "name": "N.T", "fields": [
          { "name": "b", "type": { "base_type": "Long" }, "id": 1, "default_integer": 9007199254740993 },
          { "name": "a", "type": { "base_type": "UByte" } }
        ] },
        { "name": "N.U", "fields": [] }
      ],
      "enums": [],
      "root_table": { "name": "N.T" }
    }`;
    const ir = importFbsReflection(json);
    expect(ir.name).toBe("T");
    expect(ir.root).toMatchObject({
      fields: [
        { name: "a", number: 1, type: { kind: "uint32", bits: 8 }, default: 0 },
        { name: "b", number: 2, type: { kind: "int64" }, default: "9007199254740993" },
      ],
    });
  });
});

describe("flatc's reflection JSON", () => {
  it("is checked on reading: a shape flatc does not print is refused naming the path", () => {
    const bad = () =>
      importFbsReflection('{"objects": [{"name": "M", "fields": [{"name": "a", "type": 3}]}]}');
    expect(bad).toThrow(SchemaImportError);
    expect(bad).toThrow(/not the expected shape.*objects\[0\]\.fields\[0\]\.type/s);
  });

  it("keeps a 64-bit default beyond 2^53 exactly", () => {
    const json = JSON.stringify({
      objects: [{ name: "M", fields: [{ name: "big", type: { base_type: "ULong" }, default_integer: 1 }] }],
      root_table: { name: "M" },
    }).replace('"default_integer":1', '"default_integer":18446744073709551615');
    const ir = importFbsReflection(json);
    expect(ir.root).toMatchObject({ fields: [{ name: "big", default: "18446744073709551615" }] });
  });
});
