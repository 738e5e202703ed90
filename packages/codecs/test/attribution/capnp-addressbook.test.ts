import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Attributed, attribute, entryOf, sum } from "./attribution-helpers.ts";

const data = (name: string) =>
  readFileSync(new URL(`../../../conformance/data/capnp/${name}`, import.meta.url), "utf8");
// The Cap'n Proto sample's first document, with its .capnp as written (288 B unpacked, 151 packed, as `capnp encode` gives).
const input = {
  text: data("addressbook.ndjson").split("\n")[0] as string,
  schema: { kind: "capnp" as const, text: data("addressbook.capnp"), rootType: "AddressBook" },
};

/** The format's attribution of the sample, checked to be walked whole and to add up to `bytes`. */
async function walked(id: string, bytes: number): Promise<Record<string, number>> {
  const a = (await attribute(entryOf(id), input)) as Attributed;
  expect(a.limitation).toBeUndefined();
  expect([a.bytes, sum(a.entries)]).toEqual([bytes, bytes]);
  return Object.fromEntries(a.entries.map((e) => [e.path, e.bytes]));
}

describe("Cap'n Proto attribution of capnp's AddressBook sample, with its .capnp as written", () => {
  it("unpacked: framing, pointers, union tags and texts, adding up to the 288-byte message", async () => {
    const byPath = await walked("capnp", 288);
    // Segment table (8 B) and root pointer (8 B).
    expect(byPath["(framing)"]).toBe(16);
    // "Alice" and "Bob" with their NULs; a text's word padding is padding.
    expect(byPath["people.name"]).toBe(6 + 4);
    // Two UInt32 ids in the data sections.
    expect(byPath["people.id"]).toBe(8);
    // Each person's employment discriminant (2 B).
    expect(byPath["(tags)"]).toBe(4);
    expect(byPath["people.employment.school"]).toBe(4);
  }, 60_000);

  it("packed: the packing's tags and counts are their own entry, every copied byte keeps its field", async () => {
    const byPath = await walked("capnp-packed", 151);
    // Packing drops zero bytes: the texts' NULs and all padding go, "Alice" and "Bob" stay.
    expect(byPath["people.name"]).toBe(8);
    expect(byPath["(padding)"]).toBeUndefined();
    expect(byPath["(packing)"]).toBeGreaterThan(0);
  }, 60_000);
});
