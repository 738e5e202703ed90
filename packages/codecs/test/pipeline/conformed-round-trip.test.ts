import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

// The .proto the schemas package reads samples against in its own tests.
const proto = readFileSync(
  new URL("../../../schemas/test/fixtures/shop-item.proto", import.meta.url),
  "utf8",
);

describe("a sample read against a .proto", () => {
  it("round-trips the conformed sample through Protobuf exactly", async () => {
    const d = loadDataset({
      text: '{"id": "505874924095815681", "lastUpdated": "x", "status": 1, "tags": ["t"]}',
      schema: { kind: "proto", text: proto },
    });
    const r = await runComparison(d, { verifyOnly: true, formats: ["protobuf", "json"] });
    expect(r.formats.find((f) => f.id === "protobuf")?.fidelity.exact).toBe(true);
    // JSON carries the sample's own text, where the id is a string: nothing for JSON.parse to round.
    expect(r.formats.find((f) => f.id === "json")?.fidelity).toMatchObject({ exact: true, issueCount: 0 });
  });
});
