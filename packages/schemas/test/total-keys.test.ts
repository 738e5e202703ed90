import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import { inferSchema } from "../src/infer/infer-schema.ts";
import { checkJsonShape } from "../src/parse/parse-json-lossless.ts";

// Three small objects: no object is over maxKeys, but the input holds three keys in all.
const text = '[{"a": 1}, {"b": 2}, {"c": 3}]';
const refusal = "more than 2 keys in all at line 1, column 26 (limit maxTotalKeys)";

describe("maxTotalKeys", () => {
  it("the whole-text check refuses the key past the limit, naming where", () => {
    expect(() => checkJsonShape(text, { maxDepth: 10, maxKeys: 10, maxTotalKeys: 2 })).toThrow(refusal);
    expect(() => checkJsonShape(text, { maxDepth: 10, maxKeys: 10, maxTotalKeys: 3 })).not.toThrow();
  });

  it("the streaming inference words it the same, and counts across NDJSON lines", () => {
    expect(() => inferSchema(text, { limits: { maxTotalKeys: 2 } })).toThrow(refusal);
    expect(() => inferDataset(text, { limits: { maxTotalKeys: 2 } })).toThrow(refusal);
    expect(() =>
      inferSchema('{"a": 1}\n{"b": 2}\n{"c": 3}\n', { sampleFormat: "ndjson", limits: { maxTotalKeys: 2 } }),
    ).toThrow("line 3: more than 2 keys in all at column 5 (limit maxTotalKeys)");
    expect(inferSchema(text, { limits: { maxTotalKeys: 3 } }).root.kind).toBe("record");
  });
});

describe("maxTotalObjects", () => {
  // Four objects and no keys at all: only the object count can refuse it.
  const empties = "[{}, {}, {}, {}]";
  const refusal = "more than 3 objects in all at line 1, column 14 (limit maxTotalObjects)";

  it("both readers refuse the object past the limit alike, naming where", () => {
    expect(() => checkJsonShape(empties, { maxDepth: 10, maxKeys: 10, maxTotalObjects: 3 })).toThrow(refusal);
    expect(() => inferSchema(empties, { limits: { maxTotalObjects: 3 } })).toThrow(refusal);
    expect(() => inferDataset(empties, { limits: { maxTotalObjects: 3 } })).toThrow(refusal);
    expect(() => checkJsonShape(empties, { maxDepth: 10, maxKeys: 10, maxTotalObjects: 4 })).not.toThrow();
    expect(inferSchema(empties, { limits: { maxTotalObjects: 4 } }).root.kind).toBe("record");
  });
});
