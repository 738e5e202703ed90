import { describe, expect, it } from "vitest";
import { datasetOf } from "../src/runs/dataset-of.ts";

const run = { sampleText: "[{}, {}, {}, {}]", schemaText: null, inputKind: "json" };

describe("datasetOf applies the limits the run was accepted under", () => {
  it("reads the sample with the run's parseLimits, not only the library defaults", () => {
    expect(datasetOf(run, {}).messages).toHaveLength(4);
    expect(() => datasetOf(run, { parseLimits: { maxTotalObjects: 3 } })).toThrow(
      "more than 3 objects in all at line 1, column 14 (limit maxTotalObjects)",
    );
  });

  it("bounds synthetic data by the run's maxSyntheticValues", () => {
    const schemaRun = {
      sampleText: null,
      inputKind: "jsonschema",
      schemaText: JSON.stringify({
        type: "object",
        properties: { a: { type: "integer" }, b: { type: "string" } },
      }),
    };
    expect(datasetOf(schemaRun, { count: 10, maxSyntheticValues: 30 }).messages).toHaveLength(10);
    expect(() => datasetOf(schemaRun, { count: 11, maxSyntheticValues: 30 })).toThrow(/limit maxValues/);
  });
});
