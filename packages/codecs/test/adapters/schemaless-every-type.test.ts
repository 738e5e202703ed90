import { describe, expect, it } from "vitest";
import { type FidelityKind, type FormatResult, runComparison, severityOf } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

/** Named, expected losses per format on the every-type fixture (exact where the format can be). */
const expected: Record<string, [path: string, kind: string][]> = {
  json: [
    ["#0/big", "int64-precision"],
    ["#0/huge", "int64-precision"],
    ["#0/blob", "bytes-as-base64"],
    ["#1/big", "int64-precision"],
    ["#1/blob", "bytes-as-base64"],
  ],
  msgpackr: [],
  "msgpackr-minimal": [],
  "msgpackr-records": [],
  "msgpack-js": [],
  cbor: [],
  "cbor-minimal": [],
  v8: [],
  // BSON's only 64-bit integer is signed: uint64 max wraps to -1.
  bson: [["#0/huge", "value-changed"]],
  // ion-js writes integral JS numbers as Ion ints; 1e300 comes back as a bigint (the same value:
  // cosmetic, so ion is still exact).
  ion: [["#1/score", "number-type"]],
  yaml: [
    ["#0/big", "int64-precision"],
    ["#0/huge", "int64-precision"],
    ["#0/blob", "type-changed"],
    ["#1/big", "int64-precision"],
    ["#1/blob", "type-changed"],
  ],
};

describe("schemaless formats on a fixture covering every IR type", () => {
  it("report exactly the expected, named issues", async () => {
    const r = await runComparison(everyTypeDataset, {
      verifyOnly: true,
      formats: [...Object.keys(expected), "xml"],
    });
    const got = new Map<string, FormatResult>(r.formats.map((f) => [f.id as string, f]));
    for (const [id, issues] of Object.entries(expected)) {
      const f = got.get(id);
      expect(f?.ok, id).toBe(true);
      expect(
        f?.fidelity.issues.map((i) => [i.path, i.kind]),
        id,
      ).toEqual(issues);
      expect(f?.fidelity.exact, id).toBe(
        issues.every(([, kind]) => severityOf(kind as FidelityKind) === "cosmetic"),
      );
    }
    expect(got.get("ion")?.fidelity.exact).toBe(true);
    const xml = got.get("xml");
    expect(xml?.fidelity.issues).toContainEqual(
      expect.objectContaining({ path: "#0/blob", kind: "bytes-as-base64" }),
    );
    expect(xml?.fidelity.issues).toContainEqual(
      expect.objectContaining({ path: "#0/note", kind: "type-changed" }),
    );
  });
});
