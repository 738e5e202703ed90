import { type CorpusDocument, corpusPath } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { schemalessDataset } from "../helpers/load-dataset.ts";

const schemaless = [
  "json",
  "msgpackr",
  "msgpackr-minimal",
  "msgpackr-records",
  "msgpack-js",
  "cbor",
  "cbor-minimal",
  "bson",
  "ion",
  "v8",
  "xml",
  "yaml",
];
/** Binary formats with int64 and exact floats: every corpus file must come back identical. */
const alwaysExact = schemaless.filter((id) => !["json", "xml", "yaml"].includes(id));

async function roundTrip(doc: CorpusDocument): Promise<Map<string, FormatResult>> {
  const r = await runComparison(schemalessDataset(corpusPath(doc)), {
    verifyOnly: true,
    formats: schemaless,
  });
  return new Map(r.formats.map((f) => [f.id as string, f]));
}

describe("schemaless formats round-trip the corpus", () => {
  it("twitter.json: int64 ids survive every int64-capable format; JSON and YAML are flagged", async () => {
    const got = await roundTrip("twitter.json");
    for (const id of schemaless) expect(got.get(id)?.ok, id).toBe(true);
    for (const id of alwaysExact)
      expect(got.get(id)?.fidelity, id).toEqual({ exact: true, issues: [], issueCount: 0, lossyCount: 0 });
    for (const id of ["json", "yaml"]) {
      const f = got.get(id)?.fidelity;
      expect(f?.exact, id).toBe(false);
      expect(f?.issues, id).toContainEqual(
        expect.objectContaining({ path: "/statuses/0/id", kind: "int64-precision" }),
      );
      // Only int64 values change: nothing else about the tweets is lost.
      expect(new Set(f?.issues.map((i) => i.kind)), id).toEqual(new Set(["int64-precision", "number-type"]));
    }
    expect(got.get("xml")?.fidelity.exact).toBe(false);
  });

  it.each(["citm_catalog.json", "canada.json"] as const)("%s: exact except XML", async (doc) => {
    const got = await roundTrip(doc);
    for (const id of schemaless.filter((f) => f !== "xml")) {
      expect(got.get(id)?.ok, id).toBe(true);
      expect(got.get(id)?.fidelity, id).toEqual({ exact: true, issues: [], issueCount: 0, lossyCount: 0 });
    }
    const xml = got.get("xml");
    expect(xml?.ok).toBe(true);
    expect(xml?.fidelity.exact).toBe(false);
    expect(xml?.fidelity.issues.every((i) => i.kind === "type-changed")).toBe(true);
  });
});
