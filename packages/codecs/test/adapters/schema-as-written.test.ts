import { readFileSync } from "node:fs";
import type { SchemaKind } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { avroAdapter } from "../../src/adapters/avro.ts";
import { protobufBinaryAdapter } from "../../src/adapters/protobuf.ts";
import { type Adapter, isUnsupported, type PreparedCodec } from "../../src/adapters/types.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/as-written/${name}`, import.meta.url), "utf8");

async function encodeAll(adapter: Adapter, kind: SchemaKind, schema: string, sample: unknown) {
  const dataset = loadDataset({
    text: typeof sample === "string" ? sample : JSON.stringify(sample),
    schema: { kind, text: schema },
  });
  const codec = (await adapter.prepare(dataset, {
    workDir: scratchDir("as-written-"),
  })) as PreparedCodec;
  if (isUnsupported(codec)) throw new Error(codec.unsupported);
  const bytes = codec.inputs.map((m) => Buffer.from(codec.encode(m)));
  // Every case must also come back as the sample said.
  const back = bytes.map((b) => (codec.toPlain ? codec.toPlain(codec.decode(b)) : codec.decode(b)));
  return { bytes, hex: bytes.map((b) => b.toString("hex")).join(" "), back, dataset, codec };
}
const proto = (body: string, syntax = 'syntax = "proto3";') => `${syntax}\nmessage M {\n${body}\n}\n`;
const pb = (schema: string, sample: unknown) => encodeAll(protobufBinaryAdapter, "proto", schema, sample);

describe("a user's .proto is measured with the wire types it declares", () => {
  // zigzag(-25200) = 2·25200 − 1 = 50399 = 0b1100_0100_1101_1111 → varint df 89 03; tag (9 << 3 | 0) = 0x48.
  it("sint32 -25200 is 3 bytes of value after a 1-byte tag (int32 would take 10)", async () => {
    const { hex, back } = await pb(proto("  sint32 timezone = 9;"), { timezone: -25200 });
    expect(hex).toBe("48df8903");
    expect(back).toEqual([{ timezone: -25200 }]);
    const asInt32 = await pb(proto("  int32 timezone = 9;"), { timezone: -25200 });
    expect(asInt32.bytes[0]).toHaveLength(11);
  });

  // Each row: type, value, expected bytes worked out from the encoding spec (tag = field 1).
  it.each([
    ["sint64", -1, "0801"], // zigzag(-1) = 1
    ["sint64", "-4611686018427387905", "08818080808080808080" + "01"], // zigzag = 2^63 + 1: 10-byte varint
    ["fixed32", 1, "0d01000000"], // wire type 5: tag 0x0d + 4 bytes LE
    ["fixed64", "18446744073709551615", "09ffffffffffffffff"], // wire type 1: tag 0x09 + 8 bytes
    ["sfixed32", -2, "0dfeffffff"],
    ["sfixed64", -2, "09feffffffffffffff"],
    ["uint32", 300, "08ac02"],
    ["int64", -1, "08ffffffffffffffffff01"], // negative varints always take 10 bytes
    ["bool", true, "0801"],
    ["float", 1.5, "0d0000c03f"],
    ["double", 1.5, "09000000000000f83f"],
    ["bytes", "AAE=", "0a020001"], // wire type 2: length 2, then 00 01
  ])("%s %s → %s", async (type, value, hex) => {
    const got = await pb(proto(`  ${type} v = 1;`), { v: value });
    expect(got.hex).toBe(hex);
  });

  // packed: tag (1 << 3 | 2) = 0a, length 3, values 01 02 03; unpacked: 08 01 08 02 08 03.
  it.each([
    ['syntax = "proto3";', "  repeated int32 v = 1;", "0a03010203"],
    ['syntax = "proto3";', "  repeated int32 v = 1 [packed = false];", "080108020803"],
    ['syntax = "proto2";', "  repeated int32 v = 1;", "080108020803"],
    ['syntax = "proto2";', "  repeated int32 v = 1 [packed = true];", "0a03010203"],
    ['edition = "2023";', "  repeated int32 v = 1;", "0a03010203"],
  ])("%s %s is packed or not as written", async (syntax, body, hex) => {
    expect((await pb(proto(body, syntax), { v: [1, 2, 3] })).hex).toBe(hex);
  });

  it("proto3 leaves a zero out, proto3 `optional` and proto2 keep it (presence as written)", async () => {
    expect((await pb(proto("  int32 a = 1;"), { a: 0 })).hex).toBe("");
    expect((await pb(proto("  optional int32 a = 1;"), { a: 0 })).hex).toBe("0800");
    expect(
      (await pb(proto("  optional int32 a = 1 [default = 7];", 'syntax = "proto2";'), { a: 0 })).hex,
    ).toBe("0800");
  });

  it("oneof, map and enum aliases travel as written", async () => {
    const schema = `syntax = "proto3";
enum E { option allow_alias = true; A = 0; B = 1; BEE = 1; }
message M { oneof pick { string s = 1; int32 n = 2; } map<int32, string> m = 3; E e = 4; }`;
    const got = await pb(schema, { n: 5, m: { "7": "x" }, e: "BEE" });
    // n: 10 05; m entry: 1a 05 | 08 07 12 01 78; e: 20 01
    expect(got.hex).toBe("1005" + "1a050807120178" + "2001");
  });

  it("google.protobuf wrappers and Struct are the messages the .proto names", async () => {
    const schema = `syntax = "proto3";
import "google/protobuf/wrappers.proto";
import "google/protobuf/struct.proto";
message M { google.protobuf.Int32Value n = 1; google.protobuf.Struct s = 2; google.protobuf.StringValue t = 3; }`;
    const got = await pb(schema, { n: 0, s: { a: true }, t: null });
    // n: present wrapper holding 0 → 0a 00. s: 12 09 | fields entry 0a 07 | key 0a 01 61 | value 12 02 (bool_value 20 01)
    expect(got.hex).toBe("0a00" + "1209" + "0a07" + "0a0161" + "12022001");
    expect(got.back).toEqual([{ n: 0, s: { a: true }, t: null }]);
  });

  it("ListValue and Value are the messages too", async () => {
    const schema = `syntax = "proto3";
import "google/protobuf/struct.proto";
message M { google.protobuf.ListValue l = 4; google.protobuf.Value v = 5; }`;
    const got = await pb(schema, { l: [1, "a"], v: null });
    // l: 22 10 | values: 0a 09 (number_value 1.0 = 11 + 8 bytes LE) | 0a 03 (string_value "a" = 1a 01 61)
    // v: 2a 02 | null_value 0 = 08 00 (a oneof member is written even when 0)
    expect(got.hex).toBe("2210" + "0a09" + "11000000000000f03f" + "0a03" + "1a0161" + "2a02" + "0800");
    expect(got.back).toEqual([{ l: [1, "a"], v: null }]);
  });

  it("Duration and FieldMask accept their canonical JSON strings", async () => {
    const schema = `syntax = "proto3";
import "google/protobuf/duration.proto";
import "google/protobuf/field_mask.proto";
message M { google.protobuf.Duration took = 1; google.protobuf.FieldMask mask = 2; }`;
    const got = await pb(schema, { took: "1.5s", mask: "a,b.c" });
    // took: 0a 08 | seconds 08 01 | nanos 500,000,000 = 10 80 ca b5 ee 01; mask: 12 08 | 0a 01 "a" | 0a 03 "b.c"
    expect(got.hex).toBe("0a08" + "0801" + "1080cab5ee01" + "1208" + "0a0161" + "0a03622e63");
    expect(got.back).toEqual([{ took: { seconds: 1, nanos: 500_000_000 }, mask: { paths: ["a", "b.c"] } }]);
  });

  it("the protobuf tutorial's AddressBook: 228 bytes, byte for byte what python protobuf writes", async () => {
    const got = await pb(fixture("addressbook.proto"), fixture("addressbook.json"));
    // Reference: protoc --python_out + json_format.Parse(...).SerializeToString() (protobuf 7.36.2).
    const reference =
      "0a730a12416c69636520536d6974682d576174736f6e10e9071a21616c6963652e736d69746840686f6d652e6578616d706c652d6d61696c2e636f6d220d0a0b2b312d3535352d30313030220f0a0b2b312d3535352d303130311001220f0a0b2b312d3535352d3031303210022a0608f09687af06" +
      "0a6d0a11526f62657274204a6f686e736f6e204a7210ea071a24726f626572742e6a6f686e736f6e40776f726b2e6578616d706c652d6d61696c2e6f726722140a102b34342d32302d373934362d30303030100122110a0f2b34342d373730302d3930303132332a060880b98baf06";
    expect(got.bytes[0]).toHaveLength(228);
    expect(got.hex).toBe(reference);
    expect(got.back).toEqual(got.dataset.messages);
  });
});

describe("a user's .avsc is measured as written", () => {
  const avsc = (fields: unknown[]) => JSON.stringify({ type: "record", name: "R", fields });

  it('a "null" field costs 0 bytes and reads back null', async () => {
    const schema = avsc([
      { name: "nothing", type: "null" },
      { name: "n", type: "int" },
    ]);
    const got = await encodeAll(avroAdapter, "avsc", schema, { nothing: null, n: 1 });
    expect(got.hex).toBe("02"); // zigzag(1) = 2; the null field writes nothing
    expect(got.back).toEqual([{ nothing: null, n: 1 }]);
  });

  it("reads a sample in Avro's JSON encoding (union values wrapped by branch name)", async () => {
    const schema = JSON.stringify({
      type: "record",
      name: "R",
      namespace: "shop",
      fields: [
        { name: "maybe", type: ["null", "string"] },
        { name: "pick", type: ["int", { type: "record", name: "P", fields: [{ name: "x", type: "int" }] }] },
        { name: "list", type: { type: "array", items: ["null", "long"] } },
        { name: "raw", type: { type: "fixed", name: "Two", size: 2 } },
      ],
    });
    const wrapped = {
      maybe: { string: "hi" },
      pick: { "shop.P": { x: 1 } },
      list: [{ long: 2 }, null],
      raw: "\u0001\u00ff", // Avro JSON: one character per byte
    };
    const plain = { maybe: "hi", pick: { x: 1 }, list: [2, null], raw: "Af8=" };
    const a = await encodeAll(avroAdapter, "avsc", schema, wrapped);
    const b = await encodeAll(avroAdapter, "avsc", schema, plain);
    expect(a.dataset.messages).toEqual([{ ...plain, raw: new Uint8Array([1, 255]) }]);
    // maybe: branch 1, "hi" = 02 04 6869; pick: branch 1, x = 1 → 02 02; list: block of 2, [branch 1 → 2, branch 0], end.
    // raw: fixed(2) is the two bytes themselves, 01 ff.
    expect(a.hex).toBe("0204" + "6869" + "0202" + "04" + "0204" + "00" + "00" + "01ff");
    expect(b.hex).toBe(a.hex);
  });

  it("fixed, enums, unions, logical types and named references keep Avro's encoding", async () => {
    const schema = JSON.stringify({
      type: "record",
      name: "R",
      namespace: "shop",
      fields: [
        { name: "id", type: { type: "fixed", name: "Id", size: 2 } },
        { name: "copy", type: "shop.Id" },
        { name: "kind", type: { type: "enum", name: "Kind", symbols: ["A", "B"], default: "A" } },
        { name: "maybe", type: ["null", "string"] },
        { name: "either", type: ["int", "string"] },
        { name: "day", type: { type: "int", logicalType: "date" } },
        { name: "uuid", type: { type: "string", logicalType: "uuid" } },
      ],
    });
    const got = await encodeAll(avroAdapter, "avsc", schema, {
      id: "AQI=",
      copy: "AwQ=",
      kind: "B",
      maybe: null,
      either: "x",
      day: 1,
      uuid: "u",
    });
    // fixed: 01 02, 03 04 (no length); enum index 1 → 02; union branch 0 (null) → 00;
    // union branch 1 then "x": 02 02 78; date int 1 → 02; uuid as string: 02 75.
    expect(got.hex).toBe("0102" + "0304" + "02" + "00" + "020278" + "02" + "0275");
    expect(got.dataset.schema.limitations).toEqual([
      expect.objectContaining({ code: "logical-type-as-underlying", path: "R.day" }),
    ]);
  });
});

describe("Avro from a .proto: a proto3 field the sample leaves out", () => {
  const schema = proto(
    "  string name = 1;\n  int32 id = 2;\n  repeated string tags = 3;\n  Kind kind = 4;\n" +
      "  optional int32 o = 5;\n  Sub sub = 6;\n  enum Kind { A = 0; B = 1; }\n}\nmessage Sub {\n  int32 x = 1;",
  );

  it("is written as its zero value, as Protobuf decodes it (Avro has no absent field)", async () => {
    const got = await encodeAll(avroAdapter, "proto", schema, { name: "x" });
    // name "x" → 02 78; id 0 → 00; tags [] → 00; kind A (index 0) → 00; o and sub are nullable
    // unions (they have presence), absent → branch 0 (null) → 00 00.
    expect(got.hex).toBe("0278" + "00" + "00" + "00" + "00" + "00");
    expect(got.back).toEqual([{ name: "x", id: 0, tags: [], kind: "A" }]);
    // The sample itself is not changed: the schemaless formats still measure what the user wrote.
    expect(got.dataset.messages).toEqual([{ name: "x" }]);
  });

  it("a present value is written as given", async () => {
    const got = await encodeAll(avroAdapter, "proto", schema, { name: "", id: 1, kind: "B", o: 0 });
    // o = 0 is present (proto3 `optional`): branch 1 → 02, then 0 → 00.
    expect(got.hex).toBe("00" + "02" + "00" + "02" + "0200" + "00");
  });
});
