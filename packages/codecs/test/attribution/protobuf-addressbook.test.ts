import { describe, expect, it } from "vitest";
import { type Attributed, addressBook, attribute, entryOf, sum } from "./attribution-helpers.ts";

describe("protobuf attribution of the tutorial's AddressBook", () => {
  it("adds up to the 228 bytes protoc writes and names people.phones.number", async () => {
    const a = (await attribute(entryOf("protobuf"), addressBook)) as Attributed;
    expect(a.bytes).toBe(228);
    expect(sum(a.entries)).toBe(228);
    expect(a.limitation).toBeUndefined();
    const byPath = Object.fromEntries(a.entries.map((e) => [e.path, e.bytes]));
    // Five numbers, each with its 1-byte length: 3 × (1 + 11) + (1 + 16) + (1 + 15).
    expect(byPath["people.phones.number"]).toBe(69);
    // Three non-zero enum varints of 1 byte (proto3 leaves the two MOBILE = 0 out).
    expect(byPath["people.phones.type"]).toBe(3);
    // 1001 and 1002 are 2-byte varints.
    expect(byPath["people.id"]).toBe(4);
    expect(Object.keys(byPath)).toEqual(
      expect.arrayContaining(["people.name", "people.email", "people.last_updated", "(tags)", "(lengths)"]),
    );
  });
});
