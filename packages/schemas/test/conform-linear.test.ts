import type { DataValue, IrType, RecordType } from "@wirebench/schemas";
import protobuf from "protobufjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { conformToSchema } from "../src/conform/conform-sample.ts";

/** A record of `n` optional int32 fields named f0 … f(n-1). */
const wide = (n: number): RecordType => ({
  kind: "record",
  name: "Wide",
  fields: Array.from({ length: n }, (_, i) => ({
    name: `f${i}`,
    number: i + 1,
    optional: true,
    type: { kind: "int32" },
  })),
});

describe("conformToSchema on hostile sizes", () => {
  afterEach(() => vi.restoreAllMocks());

  it("builds one field map per record type, not one per object (1,000 fields × 10,000 objects)", () => {
    const jsonName = vi.spyOn(protobuf.util, "jsonName");
    const schema: IrType = { kind: "array", items: wide(1_000) };
    const objects = Array.from({ length: 10_000 }, (_, i): DataValue => (i % 1000 === 0 ? { f999: i } : {}));
    const out = conformToSchema(schema, objects) as unknown[];
    expect(out).toHaveLength(10_000);
    expect(out[3000]).toEqual({ f999: 3000 });
    // Once per field: rebuilding the map for every object would make 10,000,000 calls.
    expect(jsonName).toHaveBeenCalledTimes(1_000);
  });

  it("matches enum symbols by set: 10,000 symbols × 10,000 values, answers unchanged", {
    timeout: 30_000,
  }, () => {
    const symbols = Array.from({ length: 10_000 }, (_, i) => `S${i}`);
    const schema: IrType = { kind: "array", items: { kind: "enum", name: "Many", symbols } };
    const values = symbols.toReversed();
    expect(conformToSchema(schema, values)).toEqual(values);
    expect(() => conformToSchema(schema, ["S10000"])).toThrow(
      /"S10000" is not a symbol or number of enum Many/,
    );
  });
});
