import { describe, expect, it } from "vitest";
import { runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";
import { addressBook, sum } from "./attribution-helpers.ts";

describe("runComparison reports where the bytes go", () => {
  it("gives every verified format an attribution adding up to its bytes", async () => {
    const result = await runComparison(loadDataset(addressBook), {
      verifyOnly: true,
      formats: ["protobuf", "json", "ion"],
      maxAttributionPaths: 2,
    });
    const byId = Object.fromEntries(result.formats.map((f) => [f.id, f]));
    for (const f of result.formats) {
      expect(f.ok).toBe(true);
      expect(sum(f.attribution ?? [])).toBe(f.bytes);
    }
    expect(byId.protobuf?.bytes).toBe(228);
    // The two largest fields are kept; the other four (name 37, last_updated 10, id 4, type 3) are summed.
    expect(byId.protobuf?.attribution).toEqual([
      { path: "people.email", bytes: 71 },
      { path: "people.phones.number", bytes: 69 },
      { path: "(other paths)", bytes: 54 },
      { path: "(tags)", bytes: 25 },
      { path: "(lengths)", bytes: 9 },
    ]);
    // JSON's bytes are the sample's own minified text: its keys are a large share of it.
    expect(byId.json?.attribution?.find((e) => e.path === "(keys)")?.bytes).toBeGreaterThan(100);
  }, 120_000);

  it("keeps the attribution in the final entry of a timed run", async () => {
    const result = await runComparison(loadDataset(addressBook), { quick: true, formats: ["protobuf"] });
    const f = result.formats[0];
    expect(f?.encode?.medianNs).toBeGreaterThan(0);
    expect(sum(f?.attribution ?? [])).toBe(228);
  }, 300_000);
});
