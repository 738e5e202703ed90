import { describe, expect, it } from "vitest";
import { BudgetShares, shardEntries } from "../../src/pipeline/budget-shares.ts";
import { registry } from "../../src/registry/registry.ts";

describe("shardEntries", () => {
  it("keeps every variant of a format in one group and balances the groups by entries", () => {
    const groups = shardEntries(registry, 2);
    expect(groups).toHaveLength(2);
    expect(
      groups
        .flat()
        .map((e) => e.id)
        .sort(),
    ).toEqual(registry.map((e) => e.id).sort());
    for (const format of new Set(registry.map((e) => e.format)))
      expect(groups.filter((g) => g.some((e) => e.format === format))).toHaveLength(1);
    const [a, b] = groups.map((g) => g.length) as [number, number];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(
      Math.max(...registry.map((e) => registry.filter((x) => x.format === e.format).length)),
    );
  });

  it("never makes more groups than formats, nor an empty one", () => {
    const two = registry.filter((e) => e.format === "json" || e.format === "thrift");
    const groups = shardEntries(two, 8);
    expect(groups).toHaveLength(2);
    expect(groups.every((g) => g.length > 0)).toBe(true);
  });
});

describe("BudgetShares", () => {
  it("splits a replicate's part by formats and hands what one child left to the next", () => {
    const shares = new BudgetShares(9000, 3, 10);
    // 3 000 ms per replicate; the first child of replicate 0 times 4 of its 10 formats.
    expect(shares.grant(0, 4)).toBe(1200);
    shares.spend(0, 600, 4);
    // 2 400 ms left for the other 6 formats.
    expect(shares.grant(0, 6)).toBe(2400);
    // Other replicates are untouched.
    expect(shares.grant(1, 10)).toBe(3000);
    shares.spend(0, 5000, 6);
    expect(shares.grant(0, 1)).toBe(0);
  });
});
