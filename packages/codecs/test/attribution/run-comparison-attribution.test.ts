import { describe, expect, it } from "vitest";
import { runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";
import { addressBook, sum } from "./attribution-helpers.ts";

describe("runComparison reports where the bytes go", () => {
  it("gives every verified format an attribution adding up to its bytes", async () => {
    const result = await runComparison(loadDataset(addressBook), {
      verifyOnly: true,
      formats: ["protobuf", "json", "ion"],
    });
    const byId = Object.fromEntries(result.formats.map((f) => [f.id, f]));
    for (const f of result.formats) {
      expect(f.ok).toBe(true);
      expect(sum(f.attribution ?? [])).toBe(f.bytes);
    }
    expect(byId.protobuf?.bytes).toBe(228);
    expect(byId.protobuf?.attribution).toContainEqual({ path: "people.phones.number", bytes: 69 });
    // JSON's bytes are the sample's own minified text: its keys are a large share of it.
    expect(byId.json?.attribution?.find((e) => e.path === "(keys)")?.bytes).toBeGreaterThan(100);
  }, 120_000);
});
