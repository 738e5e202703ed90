import { describe, expect, it } from "vitest";
import { type Attributed, attribute, entryOf } from "./attribution-helpers.ts";

// One message, {"a": "xy", "b": [1, 2]}, with its schema inferred: every figure below is worked out
// by hand from the format's specification.
const sample = { text: '{"a":"xy","b":[1,2]}' };

async function parts(id: string): Promise<Record<string, number>> {
  const a = (await attribute(entryOf(id), sample)) as Attributed;
  expect(a.limitation).toBeUndefined();
  return Object.fromEntries(a.entries.map((e) => [e.path, e.bytes]));
}

describe("attribution of a tiny message, byte by byte", () => {
  it.each([
    // {"a":"xy","b":[1,2]}: keys "a": and "b":, braces, brackets and commas.
    ["json", { a: 4, b: 2, "(keys)": 8, "(structure)": 6 }],
    // 82 | a1 61 | a2 78 79 | a1 62 | 92 | 01 02
    ["msgpack-js", { a: 3, b: 2, "(keys)": 4, "(lengths)": 2 }],
    // d4 72 40 (record 0x40 defined) | 92 a1 61 a1 62 (its keys) | a2 78 79 | 92 | 01 02
    ["msgpackr-records", { a: 3, b: 2, "(tags)": 3, "(keys)": 5, "(lengths)": 1 }],
    // a2 | 61 61 | 62 78 79 | 61 62 | 82 | 01 02
    ["cbor-minimal", { a: 3, b: 2, "(keys)": 4, "(lengths)": 2 }],
    // len | 02 "a\0" 03000000 "xy\0" | 04 "b\0" [len | 10 "0\0" 01000000 | 10 "1\0" 02000000 | 00] | 00
    ["bson", { a: 7, b: 8, "(tags)": 4, "(keys)": 8, "(lengths)": 8, "(structure)": 2 }],
    // ff 0f | 6f | 22 01 61 | 22 02 78 79 | 22 01 62 | 41 02 | 49 02 | 49 04 | 24 00 02 | 7b 02
    ["v8", { a: 4, b: 4, "(keys)": 6, "(lengths)": 8, "(framing)": 2 }],
    // 0a | 02 78 79 | 12 | 02 | 02 04  (b: packed varints)
    ["protobuf", { a: 3, b: 2, "(tags)": 2, "(lengths)": 1 }],
    // 04 78 79 | 04 | 02 04 | 00  (string length and block counts are zig-zag longs)
    ["avro", { a: 3, b: 2, "(lengths)": 2 }],
    // 18 | 02 78 79 | 19 | 25 | 02 04 | 00
    ["thrift-compact", { a: 3, b: 2, "(tags)": 2, "(lengths)": 1, "(structure)": 1 }],
    // <root><a>xy</a><b>1</b><b>2</b></root>
    ["xml", { a: 2, b: 2, "(keys)": 21, "(framing)": 13 }],
    // "a: xy\nb:\n  - 1\n  - 2\n"
    ["yaml", { a: 2, b: 2, "(keys)": 2, "(structure)": 15 }],
  ] as const)("%s", async (id, expected) => {
    expect(await parts(id)).toEqual(expected);
  });

  it("ion: the version marker is framing, the symbol table and field symbols are keys", async () => {
    const p = await parts("ion");
    // e0 01 00 ea | $ion_symbol_table::{symbols:["a","b"]} | d? | 8a 82 78 79 | 8b b4 21 01 21 02
    expect(p).toMatchObject({ "(framing)": 4, a: 3, b: 4, "(lengths)": 2 });
    expect(Object.keys(p).sort()).toEqual(["(framing)", "(keys)", "(lengths)", "a", "b"]);
  });

  it("a list inside a list adds no path segment, though XML names its elements by index and Protobuf JSON wraps it", async () => {
    const nested = { text: '{"c":[[1,2],[3]]}' };
    const xml = (await attribute(entryOf("xml"), nested)) as Attributed;
    // <root> | <c> <0>1</0> <1>2</1> </c> | <c> <0>3</0> </c> | </root>
    expect(Object.fromEntries(xml.entries.map((e) => [e.path, e.bytes]))).toEqual({
      c: 3,
      "(keys)": 35,
      "(framing)": 13,
    });
    const protoJson = (await attribute(entryOf("protobuf-json"), nested)) as Attributed;
    expect(protoJson.entries.map((e) => e.path).sort()).toEqual(["(keys)", "(structure)", "c"]);
  });
});
