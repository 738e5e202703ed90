import { describe, expect, it } from "vitest";
import { medianCi, summarize } from "../../src/harness/statistics.ts";

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
