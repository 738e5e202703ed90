import { describe, expect, it } from "vitest";
import { groupedMedianCi, medianCi, precise, summarize } from "../../src/harness/statistics.ts";

describe("medianCi (order statistics)", () => {
  it("uses ranks 6 and 15 of 20 samples, the textbook 95% interval", () => {
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(medianCi(sorted)).toEqual({ low: 6, high: 15 });
  });

  it("narrows (in ranks relative to n) as samples grow", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(medianCi(sorted)).toEqual({ low: 40, high: 61 });
  });
});

describe("groupedMedianCi (processes, then samples)", () => {
  // Three processes that drifted apart, each with little scatter of its own.
  const level = (base: number) => Array.from({ length: 50 }, (_, i) => base + (i % 5));
  const groups = [level(100), level(110), level(120)];

  it("spans the drift between processes, which the pooled order statistics miss", () => {
    const pooled = medianCi(groups.flat().sort((a, b) => a - b));
    expect(pooled.high - pooled.low).toBeLessThan(5);
    const ci = groupedMedianCi(groups);
    expect(ci.low).toBeLessThanOrEqual(104);
    expect(ci.high).toBeGreaterThanOrEqual(120);
  });

  it("is never narrower than the pooled interval, and is reproducible", () => {
    const alike = [level(100), level(100), level(100)];
    const pooled = medianCi(alike.flat().sort((a, b) => a - b));
    const ci = groupedMedianCi(alike);
    expect(ci.low).toBeLessThanOrEqual(pooled.low);
    expect(ci.high).toBeGreaterThanOrEqual(pooled.high);
    expect(groupedMedianCi(groups)).toEqual(groupedMedianCi(groups));
  });

  it("falls back to order statistics for a single process", () => {
    const one = level(100);
    expect(groupedMedianCi([one])).toEqual(medianCi([...one].sort((a, b) => a - b)));
  });
});

describe("summarize", () => {
  it("pools samples across processes and reports their spread", () => {
    const t = summarize(
      [
        { process: 0, round: 0, nsPerOp: [100, 100, 100] },
        { process: 1, round: 0, nsPerOp: [120, 120, 120] },
      ],
      1000,
      64,
    );
    expect(t?.samples).toBe(6);
    expect(t?.medianNs).toBe(110);
    expect(t?.opsPerSec).toBeCloseTo(1e9 / 110);
    expect(t?.mbPerSec).toBeCloseTo(1000 / 1e6 / (110 / 1e9));
    expect(t?.processSpread).toBeCloseTo(20 / 110);
    expect(t?.bytesAllocatedPerOp).toBe(64);
  });

  it("returns null without samples", () => {
    expect(summarize([], 1, undefined)).toBeNull();
  });
});

describe("precise (early stop of an operation's samples)", () => {
  const around = (median: number, spread: number, n: number) =>
    Array.from({ length: n }, (_, i) => median * (1 + spread * ((i / (n - 1)) * 2 - 1)));

  it("needs the six samples a 95 % interval needs", () => {
    expect(precise(around(100, 0.001, 5), 0.05)).toBe(false);
    expect(precise(around(100, 0.001, 6), 0.05)).toBe(true);
  });

  it("stops only when the interval is narrower than the fraction of the median", () => {
    // Six samples: the interval is [min, max], here ±4 % of the median (8 % wide).
    expect(precise(around(100, 0.04, 6), 0.05)).toBe(false);
    expect(precise(around(100, 0.04, 6), 0.1)).toBe(true);
  });

  it("never stops with a width of 0", () => {
    expect(precise(around(100, 0, 20), 0)).toBe(false);
  });
});
