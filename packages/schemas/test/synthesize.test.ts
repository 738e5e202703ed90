import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import { synthesize } from "../src/synthesize/synthesize.ts";

const schema = inferDataset(readCorpus("twitter.json")).schema;

describe("synthesize", () => {
  it("gives identical data for the same seed and different data for another", () => {
    const a = synthesize(schema, { seed: 7, count: 5 });
    const b = synthesize(schema, { seed: 7, count: 5 });
    const c = synthesize(schema, { seed: 8, count: 5 });
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect(a).toHaveLength(5);
  });

  it("follows the schema: every record field it writes is in the schema, strings within the length knobs", () => {
    const [m] = synthesize(schema, {
      seed: 1,
      count: 1,
      stringLength: [4, 4],
      arrayLength: [2, 2],
      absentShare: 0,
    }) as {
      statuses: Record<string, unknown>[];
    }[];
    expect(Object.keys(m!)).toEqual(["statuses", "search_metadata"]);
    expect(m!.statuses).toHaveLength(2);
    expect(typeof m!.statuses[0]!.text).toBe("string");
    expect((m!.statuses[0]!.text as string).length).toBe(4);
  });

  it("exercises int64 values beyond 2^53", () => {
    const values = JSON.stringify(synthesize(schema, { seed: 3, count: 20 }), (_k, v) =>
      typeof v === "bigint" ? "BIG" : v,
    );
    expect(values).toContain("BIG");
  });
});
