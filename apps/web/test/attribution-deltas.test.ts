import { formatResultOf } from "@wirebench/contracts/testing";
import { describe, expect, it } from "vitest";
import { pathDeltas } from "../src/server/services/attribution-deltas.ts";
import { compareEntries } from "../src/server/services/compare-entries.ts";

const entry = (bytes: number, attribution?: { path: string; bytes: number }[]) =>
  formatResultOf({ id: "protobuf", variant: "binary", bytes, ...(attribution ? { attribution } : {}) });

describe("paths whose bytes changed against the baseline", () => {
  const base = [
    { path: "people.email", bytes: 71 },
    { path: "people.name", bytes: 37 },
    { path: "(tags)", bytes: 25 },
  ];
  const current = [
    { path: "people.email", bytes: 71 },
    { path: "people.name", bytes: 30 },
    { path: "people.nickname", bytes: 40 },
    { path: "(tags)", bytes: 27 },
  ];

  it("lists changed paths by the size of their change, a new path counted from 0", () => {
    expect(pathDeltas(base, current)).toEqual([
      { path: "people.nickname", base: 0, current: 40, delta: 40 },
      { path: "people.name", base: 37, current: 30, delta: -7 },
      { path: "(tags)", base: 25, current: 27, delta: 2 },
    ]);
    expect(pathDeltas(base, current, 1)).toHaveLength(1);
  });

  it("reports nothing when a run predates attribution", () => {
    expect(pathDeltas(undefined, current)).toBeUndefined();
    const r = compareEntries([entry(133)], [entry(168, current)], {});
    expect(r.formats[0]).not.toHaveProperty("paths");
  });

  it("is part of each format's comparison", () => {
    const r = compareEntries([entry(133, base)], [entry(168, current)], { maxRegressionPct: 10 });
    expect(r.formats[0]?.paths?.[0]).toEqual({ path: "people.nickname", base: 0, current: 40, delta: 40 });
    expect(r.pass).toBe(false);
  });
});
