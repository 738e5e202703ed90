import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import { inferenceThresholds } from "../src/infer/thresholds.ts";
import type { IrType } from "../src/ir.ts";

/** The type inferred for `nested` in `{"nested": {...entries}}`. */
const nestedType = (entries: [string, unknown][]): IrType => {
  const root = inferDataset(JSON.stringify({ nested: Object.fromEntries(entries) })).schema.root;
  if (root.kind !== "record") throw new Error("root is not a record");
  return root.fields[0]!.type;
};
const names = (n: number) =>
  Array.from({ length: n }, (_, i) => `field_${String.fromCharCode(97 + (i % 26))}${i}`);
const many = inferenceThresholds.mapMinKeys + 1;

describe("map instead of record: more than mapMinKeys keys whose values share one shape", () => {
  it("compares scalar values by kind only: many string-valued field names make map<string,string>", () => {
    // Documented (README, "Inference rules"): the names alone cannot tell a wide record of strings
    // from a dictionary, so string values of one kind are enough.
    expect(nestedType(names(many).map((k, i) => [k, `value ${i}`]))).toEqual({
      kind: "map",
      values: { kind: "string" },
    });
  });

  it("keeps a record at exactly mapMinKeys keys (the rule is strictly more than)", () => {
    const t = nestedType(names(inferenceThresholds.mapMinKeys).map((k, i) => [k, `value ${i}`]));
    expect(t.kind).toBe("record");
    expect(t.kind === "record" && t.fields).toHaveLength(inferenceThresholds.mapMinKeys);
  });

  it("keeps a record when the values are of different kinds", () => {
    const t = nestedType(names(many).map((k, i) => [k, i % 2 ? i : `value ${i}`]));
    expect(t.kind).toBe("record");
  });

  it("makes a map of object values that share their keys, some of them optional", () => {
    const t = nestedType(
      names(many).map((k, i) => [k, i % 2 ? { name: k, age: i } : { name: k, age: i, email: `${k}@x` }]),
    );
    expect(t).toMatchObject({ kind: "map", values: { kind: "record" } });
    const fields = t.kind === "map" && t.values.kind === "record" ? t.values.fields : [];
    expect(fields.map((f) => [f.name, f.optional])).toEqual([
      ["name", false],
      ["age", false],
      ["email", true],
    ]);
  });

  it("keeps a record when the object values have unrelated keys", () => {
    // Each value has one key of its own: none has half of all the value keys, so these are fields.
    const t = nestedType(names(many).map((k, i) => [k, { [`only_${i}`]: i }]));
    expect(t.kind).toBe("record");
    expect(t.kind === "record" && t.fields).toHaveLength(many);
  });

  it("still makes a map of id-keyed objects however different their values", () => {
    // Keys that look like data (numbers, UUIDs) decide alone; the shared-keys rule is only for
    // many non-data keys, so citm_catalog's `events` and friends stay maps.
    const t = nestedType(
      Array.from({ length: 3 }, (_, i) => [String(1000 + i), { [`only_${i}`]: i }] as [string, unknown]),
    );
    expect(t.kind).toBe("map");
  });
});
