import { describe, expect, it } from "vitest";
import { compareEntries } from "../src/server/services/compare-entries.ts";
import { requestedKeys } from "../src/server/services/requested-keys.ts";

const entry = (id: string, format: string) => ({
  id,
  format,
  variant: "",
  ok: true,
  bytes: 100,
  compressed: { gzip: 60, brotli: 55, zstd: 58 },
  encode: null,
  decode: null,
});
const baseline = [entry("json", "json"), entry("colfer@go", "colfer"), entry("prost@rust", "protobuf")];

describe("the formats a run asked for", () => {
  it("picks other runtimes' baseline entries by family, implementation or id, as --formats does", () => {
    expect(requestedKeys(["colfer"], baseline)).toEqual(new Set(["colfer@go"]));
    expect(requestedKeys(["prost@rust"], baseline)).toEqual(new Set(["prost@rust"]));
    // A family picks Node's entries and every runtime's entry of it.
    expect(requestedKeys(["protobuf"], baseline)).toEqual(new Set(["protobuf", "prost@rust"]));
  });

  it("counts a runtime-only format the run asked for as missing, and not the ones it did not ask for", () => {
    const r = compareEntries(
      baseline,
      [entry("json", "json")],
      {},
      requestedKeys(["colfer", "json"], baseline),
    );
    expect(r.missing).toEqual([{ key: "colfer@go", watched: true }]);
    expect(r.pass).toBe(false);
  });

  it("asks for all when the run named nothing, or only names nothing knows", () => {
    expect(requestedKeys([], baseline)).toBeUndefined();
    expect(requestedKeys(["retired-format"], baseline)).toBeUndefined();
  });
});
