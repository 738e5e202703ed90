import type { IrType } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { conformToSchema, protoJsonName } from "../src/conform/conform-sample.ts";

const record: IrType = {
  kind: "record",
  name: "Item",
  fields: [
    { name: "last_updated", number: 1, optional: false, type: { kind: "int64" } },
    {
      name: "status",
      number: 2,
      optional: false,
      type: { kind: "enum", name: "Status", symbols: ["ACTIVE", "GONE"], values: [1, 2] },
    },
    { name: "payload", number: 3, optional: true, type: { kind: "bytes" } },
    { name: "ratio", number: 4, optional: true, type: { kind: "float32" } },
  ],
};

describe("conformToSchema (--schema)", () => {
  it("maps a key by field name or Protobuf JSON name, and enums by name or number", () => {
    expect(conformToSchema(record, { last_updated: 5, status: "GONE" })).toEqual({
      last_updated: 5,
      status: "GONE",
    });
    expect(conformToSchema(record, { lastUpdated: "505874924095815681", status: 1 })).toEqual({
      last_updated: 505874924095815681n,
      status: "ACTIVE",
    });
  });

  it("reads bytes from base64 and float specials from strings", () => {
    const v = conformToSchema(record, { lastUpdated: 1, status: 2, payload: "AQID", ratio: "NaN" }) as Record<
      string,
      unknown
    >;
    expect(v.payload).toEqual(new Uint8Array([1, 2, 3]));
    expect(v.ratio).toBeNaN();
  });

  it.each([
    [{ lastUpdated: 1, status: 3 }, "/status: 3 is not a symbol or number of enum Status (ACTIVE, GONE)"],
    [
      { lastUpdated: 1, status: "ACTIVE", other: 1 },
      '/other: no field "other" in Item (fields: last_updated, status, payload, ratio)',
    ],
    [{ lastUpdated: 1.5, status: "ACTIVE" }, "/lastUpdated: expected an integer (int64), found number 1.5"],
    [{ last_updated: 1, lastUpdated: 2, status: "ACTIVE" }, "/lastUpdated: field last_updated given twice"],
  ])("rejects a sample that does not follow the schema, naming the path: %j", (sample, message) => {
    expect(() => conformToSchema(record, sample)).toThrow(message);
  });

  it("computes Protobuf JSON names by protoc's rule", () => {
    expect(protoJsonName("last_updated")).toBe("lastUpdated");
    expect(protoJsonName("a_b_c1")).toBe("aBC1");
    expect(protoJsonName("plain")).toBe("plain");
    // Whatever follows an underscore is upper-cased (a digit stays a digit); a trailing one vanishes.
    expect(protoJsonName("f_1st")).toBe("f1st");
    expect(protoJsonName("a__b_")).toBe("aB");
  });

  describe("timestamps", () => {
    const stamp: IrType = {
      kind: "record",
      name: "Stamp",
      fields: [{ name: "at", number: 1, optional: false, type: { kind: "timestamp" } }],
    };

    it.each([["2024-01-02T03:04:05Z"], ["2024-01-02T03:04:05.123456+02:00"], [1704164645000], [-1]])(
      "keeps %j in the shape the sample wrote it",
      (at) => {
        expect(conformToSchema(stamp, { at })).toEqual({ at });
      },
    );

    it("reads a bigint of epoch milliseconds as a number when it is safe", () => {
      expect(conformToSchema(stamp, { at: 1704164645000n })).toEqual({ at: 1704164645000 });
    });

    it.each([
      [
        { at: "yesterday" },
        '/at: expected an ISO-8601 date-time or epoch milliseconds, found string "yesterday"',
      ],
      [{ at: "2024-13-02T03:04:05Z" }, "/at: expected an ISO-8601 date-time"],
      [{ at: 1.5 }, "/at: expected an ISO-8601 date-time or epoch milliseconds, found number 1.5"],
      [{ at: true }, "/at: expected an ISO-8601 date-time or epoch milliseconds, found boolean true"],
    ])("rejects %j", (sample, message) => {
      expect(() => conformToSchema(stamp, sample)).toThrow(message);
    });
  });
});
