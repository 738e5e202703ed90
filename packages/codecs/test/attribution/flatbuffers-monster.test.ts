import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Attributed, attribute, entryOf, sum } from "./attribution-helpers.ts";

const data = (name: string) =>
  readFileSync(new URL(`../../../conformance/data/flatbuffers/${name}`, import.meta.url), "utf8");

describe("FlatBuffers attribution of flatc's Monster sample, with its .fbs as written", () => {
  it("walks structs, unions, vectors of tables and vtables, adding up to the buffer", async () => {
    const a = (await attribute(entryOf("flatbuffers"), {
      text: data("monsterdata.json"),
      schema: { kind: "fbs", text: data("monster.fbs") },
    })) as Attributed;
    expect(a.limitation).toBeUndefined();
    expect(sum(a.entries)).toBe(a.bytes);
    const byPath = Object.fromEntries(a.entries.map((e) => [e.path, e.bytes]));
    // pos is a struct Vec3 of three floats inline in the table.
    expect([byPath["pos.x"], byPath["pos.y"], byPath["pos.z"]]).toEqual([4, 4, 4]);
    // The union's type byte is a tag; the member table's fields are under the union's path.
    // "Orc", "axe", "bow", "bow": a 4-byte length, 3 bytes and a NUL each.
    expect([byPath.name, byPath["weapons.name"], byPath["equipped.name"]]).toEqual([8, 16, 8]);
    expect(byPath["(tags)"]).toBe(1);
    expect(byPath["(vtables)"]).toBeGreaterThan(0);
    expect(byPath["(pointers)"]).toBeGreaterThan(0);
    expect(byPath["(framing)"]).toBe(4);
  }, 60_000);
});
