import { describe, expect, it } from "vitest";
import { registry } from "../../src/registry/registry.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";
import { attribute, samples, sum } from "./attribution-helpers.ts";

const cases = { ...samples, everyType: everyTypeDataset };

/** Formats whose bytes are not walked yet: one `(unattributed)` entry and a limitation saying why. */
const unwalked = new Set(["msgpackr-records"]);

describe.each(Object.entries(cases))("attribution of %s", (_name, input) => {
  it.each(registry.map((e) => [e.id, e] as const))(
    "%s: the entries add up to the format's bytes",
    async (id, entry) => {
      const a = await attribute(entry, input);
      if (typeof a === "string") return; // the format cannot carry this dataset (its own tests say why)
      expect(sum(a.entries)).toBe(a.bytes);
      if (unwalked.has(id)) {
        expect(a.entries).toEqual([{ path: "(unattributed)", bytes: a.bytes }]);
        expect(a.limitation?.code).toBe("bytes-unattributed");
        return;
      }
      expect(a.limitation?.detail).toBeUndefined();
      expect(a.entries.some((e) => !e.path.startsWith("("))).toBe(true);
    },
    60_000,
  );
});
