import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { DataValue } from "../src/ir.ts";
import { SynthesisBudgetError, synthesisCost, synthesize } from "../src/synthesize/synthesize.ts";
import { refBombSchema } from "./hostile/hostile-inputs.ts";

/** Values synthesize makes for one tree: every scalar and container, as its budget counts them. */
function countValues(v: DataValue): number {
  if (Array.isArray(v)) return 1 + v.reduce<number>((n, x) => n + countValues(x), 0);
  if (v !== null && typeof v === "object" && !(v instanceof Uint8Array))
    return 1 + Object.values(v).reduce<number>((n, x) => n + countValues(x), 0);
  return 1;
}

describe("synthesis budget", () => {
  it("synthesisCost bounds what synthesize makes, and is reached with full arrays and no absences", () => {
    const schema = inferDataset(readCorpus("twitter.json")).schema;
    const made = synthesize(schema, { count: 3, seed: 5 }).reduce<number>((n, m) => n + countValues(m), 0);
    expect(made).toBeLessThanOrEqual(synthesisCost(schema, { count: 3 }));
    const full = { count: 2, arrayLength: [2, 2] as [number, number], absentShare: 0 };
    const exact = synthesize(importJsonSchema(refBombSchema(3, 4)), full);
    expect(exact.reduce<number>((n, m) => n + countValues(m), 0)).toBe(
      synthesisCost(importJsonSchema(refBombSchema(3, 4)), full),
    );
  });

  it("costs a shared-type bomb without expanding it: count × 299,593 values for 8 × 6", () => {
    const bomb = importJsonSchema(refBombSchema(8, 6));
    // 8^6 leaves plus 1 + 8 + … + 8^5 records.
    expect(synthesisCost(bomb, { count: 1 })).toBe(8 ** 6 + (8 ** 6 - 1) / 7);
    expect(synthesisCost(bomb, { count: 10_000 })).toBe(10_000 * (8 ** 6 + (8 ** 6 - 1) / 7));
    expect(synthesisCost(importJsonSchema(refBombSchema(8, 80)))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("stops with an error naming maxValues instead of building the bomb's messages", () => {
    const bomb = importJsonSchema(refBombSchema(8, 8));
    expect(() => synthesize(bomb, { count: 100, maxValues: 50_000 })).toThrow(SynthesisBudgetError);
    expect(() => synthesize(bomb, { count: 100, maxValues: 50_000 })).toThrow(
      "synthetic data for Bomb would need more than 50,000 values (limit maxValues): ask for fewer messages or use a smaller schema",
    );
    expect(synthesize(importJsonSchema(refBombSchema(2, 3)), { count: 4, maxValues: 60 })).toHaveLength(4);
  });
});
