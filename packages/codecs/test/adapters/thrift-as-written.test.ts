import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

async function verify(schema: string, sample: string, formats: string[]) {
  const dataset = loadDataset({ text: sample, schema: { kind: "thrift", text: schema } });
  const r = await runComparison(dataset, { verifyOnly: true, formats });
  return new Map<string, FormatResult>(r.formats.map((f) => [f.id as string, f]));
}

describe("Thrift measures the user's .thrift as written", () => {
  it("writes the declared i16, as Apache Thrift's binary protocol does for that schema", async () => {
    // Binary protocol, worked by hand: each field is a 1-byte type and a 2-byte id, then
    //   id   i64          3 + 8         = 11
    //   qty  i16          3 + 2         =  5  (a re-emitted schema would carry i32: 7)
    //   tags list<string> 3 + 1 + 4 + (4 + 1) = 13
    //   stop                              1   → 30 bytes
    const got = await verify(
      "struct Order { 1: required i64 id; 2: i16 qty; 3: list<string> tags }",
      '{"id": 505874924095815681, "qty": 3, "tags": ["a"]}',
      ["thrift-binary"],
    );
    const f = got.get("thrift-binary")!;
    expect(f.ok, f.error).toBe(true);
    expect(f.bytes).toBe(30);
    expect(f.fidelity.exact).toBe(true);
    expect(f.notes?.join("\n")).toMatch(/measured with the \.thrift as written/);
    const schema = f.artifacts?.find((a) => a.kind === "schema");
    expect(schema?.text).toContain("2: i16 qty");
  });

  it("round-trips unions, enums with values, i8, sets, maps with integer keys and binary exactly", async () => {
    const got = await verify(
      `enum Color { RED = 1, GREEN = 5 }
       struct Inner { 1: string name }
       union Pick { 1: i32 n; 2: Inner inner }
       struct All {
         1: i8 tiny
         2: Color color
         3: set<string> tags
         4: map<i32, Inner> byId
         5: Pick pick
         6: binary raw
         7: optional double ratio
       }`,
      JSON.stringify({
        tiny: -5,
        color: "GREEN",
        tags: ["x", "y"],
        byId: { "7": { name: "seven" } },
        pick: { inner: { name: "in" } },
        raw: "AAEC",
        ratio: 0.25,
      }),
      ["thrift-binary", "thrift-compact"],
    );
    for (const id of ["thrift-binary", "thrift-compact"]) {
      const f = got.get(id)!;
      expect(f.ok, `${id}: ${f.error}`).toBe(true);
      expect(f.fidelity.issues, id).toEqual([]);
    }
  });
});
