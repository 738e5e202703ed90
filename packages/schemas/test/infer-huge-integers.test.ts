import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { RecordType } from "../src/ir.ts";
import { parseJsonLossless } from "../src/parse/parse-json-lossless.ts";

const fields = (t: unknown) => (t as RecordType).fields;

describe("integers beyond the int64 and uint64 ranges", () => {
  it("are typed float64 and carried as numbers, so schema and data agree, with a note on the field", () => {
    const { schema, messages } = inferDataset(
      '[{"big": 123456789012345678901234567890, "ids": [1, -99999999999999999999999]}, {"big": 7, "ids": []}]',
    );
    const [big, ids] = fields(schema.root);
    expect(big).toMatchObject({ name: "big", type: { kind: "float64" } });
    expect(big!.doc).toMatch(/beyond the int64\/uint64 range .* precision is lost/);
    expect(ids).toMatchObject({ type: { kind: "array", items: { kind: "float64" } } });
    expect(ids!.doc).toMatch(/precision is lost/);
    expect(messages).toEqual([
      { big: 1.2345678901234568e29, ids: [1, -1e23] },
      { big: 7, ids: [] },
    ]);
    expect(typeof (messages[0] as { big: unknown }).big).toBe("number");
  });

  it("a float field never keeps a bigint: mixed with floats, or int64 negatives beside values above 2^63-1", () => {
    const { schema, messages } = inferDataset(
      `[{"x": 1.5, "y": -1, "m": {"1": 1.5}, "__proto__": 1.5},
        {"x": 9007199254740993, "y": 9223372036854775808, "m": {"1": 9007199254740993}, "__proto__": 9007199254740993}]`,
    );
    expect(fields(schema.root).map((f) => [f.name, f.type])).toEqual([
      ["x", { kind: "float64" }],
      ["y", { kind: "float64" }],
      ["m", { kind: "map", values: { kind: "float64" } }],
      ["__proto__", { kind: "float64" }],
    ]);
    const second = messages[1] as { x: unknown; y: unknown; m: Record<string, unknown> };
    expect([second.x, second.y, second.m["1"]]).toEqual([9007199254740992, 2 ** 63, 9007199254740992]);
    expect(Object.getOwnPropertyDescriptor(second, "__proto__")?.value).toBe(9007199254740992);
    expect(Object.getPrototypeOf(second)).toBe(Object.prototype);
  });

  it("the edges of the uint64 and int64 ranges stay exact bigints", () => {
    const { schema, messages } = inferDataset('{"u": 18446744073709551615, "i": -9223372036854775808}');
    expect(fields(schema.root).map((f) => [f.type.kind, f.doc])).toEqual([
      ["uint64", undefined],
      ["int64", undefined],
    ]);
    expect(messages[0]).toEqual({ u: 18446744073709551615n, i: -9223372036854775808n });
  });

  it("parseJsonLossless agrees: one past uint64 max becomes a number", () => {
    expect(parseJsonLossless("[18446744073709551616, -9223372036854775809]")).toEqual([2 ** 64, -(2 ** 63)]);
  });
});
