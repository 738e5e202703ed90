import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitProto } from "../src/emit/emit-proto.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import { maxSupportedDepth } from "../src/parse/limits.ts";

// maxSupportedDepth is only honest if everything downstream of the parser survives it too.
describe("input at the deepest supported nesting", () => {
  const text = `${'{"a":'.repeat(maxSupportedDepth)}1${"}".repeat(maxSupportedDepth)}`;
  it("is inferred and emitted without overflowing the stack", () => {
    const { schema } = inferDataset(text, { limits: { maxDepth: maxSupportedDepth } });
    expect(emitProto(schema).text.match(/^message /gm)).toHaveLength(maxSupportedDepth);
    expect(emitAvsc(schema).text).toContain('"name": "A999"');
  });
});
