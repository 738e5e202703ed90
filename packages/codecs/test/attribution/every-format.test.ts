import { describe, expect, it } from "vitest";
import { attributeFormat } from "../../src/attribution/attribute-format.ts";
import { registry } from "../../src/registry/registry.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";
import { attribute, samples, sum } from "./attribution-helpers.ts";

const cases = { ...samples, everyType: everyTypeDataset };

describe.each(Object.entries(cases))("attribution of %s", (_name, input) => {
  it.each(registry.map((e) => [e.id, e] as const))(
    "%s: every byte is walked, and the entries add up to the format's bytes",
    async (_id, entry) => {
      const a = await attribute(entry, input);
      if (typeof a === "string") return; // the format cannot carry this dataset (its own tests say why)
      expect(sum(a.entries)).toBe(a.bytes);
      expect(a.limitation?.detail).toBeUndefined();
      expect(a.entries.some((e) => !e.path.startsWith("("))).toBe(true);
    },
    60_000,
  );
});

describe("a format without a walker", () => {
  it("gets one (unattributed) entry of its whole size and a limitation saying why", async () => {
    const dataset = everyTypeDataset;
    const codec = { inputs: [], encode: () => new Uint8Array(), decode: () => null };
    const entry = { ...(registry[0] as (typeof registry)[number]), id: "mystery", format: "mystery" };
    const a = await attributeFormat(entry, dataset, codec, [new Uint8Array(7), new Uint8Array(5)]);
    expect(a.entries).toEqual([{ path: "(unattributed)", bytes: 12 }]);
    expect(a.limitation).toEqual({
      code: "bytes-unattributed",
      path: "",
      detail: "bytes not attributed to fields: no byte walker for mystery",
    });
  });

  it("and so do bytes a walker cannot read, naming the message", async () => {
    const codec = { inputs: [], encode: () => new Uint8Array(), decode: () => null };
    const a = await attributeFormat(registry[1] as (typeof registry)[number], everyTypeDataset, codec, [
      Uint8Array.of(0x81, 0xc1),
    ]);
    expect(a.entries).toEqual([{ path: "(unattributed)", bytes: 2 }]);
    expect(a.limitation?.detail).toMatch(
      /^bytes not attributed to fields: message 0: MessagePack: type byte 0xc1/,
    );
  });
});
