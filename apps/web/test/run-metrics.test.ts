import { describe, expect, it } from "vitest";
import {
  best,
  estimateCost,
  formatBytes,
  formatNs,
  isNoisy,
  paretoFrontier,
} from "../src/lib/run-metrics.ts";

describe("run metrics", () => {
  it("finds the best row ignoring missing values", () => {
    const rows = [{ v: 3 }, { v: null }, { v: 1 }, { v: 2 }];
    expect(best(rows, (r) => r.v)).toEqual({ v: 1 });
    expect(best([{ v: null }], (r) => r.v)).toBeUndefined();
  });

  it("keeps exactly the rows no other row beats on both axes", () => {
    const pts = [
      { n: "a", x: 10, y: 50 },
      { n: "b", x: 20, y: 20 },
      { n: "c", x: 30, y: 30 }, // beaten by b on both
      { n: "d", x: 40, y: 5 },
      { n: "e", x: 10, y: 60 }, // beaten by a
    ];
    expect(
      paretoFrontier(
        pts,
        (p) => p.x,
        (p) => p.y,
      ).map((p) => p.n),
    ).toEqual(["a", "b", "d"]);
  });

  it("models a message on a slow link as network-bound and on a fast link as CPU-bound", () => {
    // 125,000 bytes = 1 Mbit: 100 ms on a 10 Mbit/s link, 0.1 ms on 10 Gbit/s.
    const slow = estimateCost(125_000, 1_000_000, 1_000_000, { bandwidthMbps: 10, rttMs: 20 });
    expect(slow.networkMs).toBeCloseTo(120);
    expect(slow.cpuMs).toBeCloseTo(2);
    expect(slow.perMessageMs).toBeCloseTo(122);
    expect(slow.bottleneck).toBe("network");
    expect(slow.throughputPerSec).toBeCloseTo(10);
    const fast = estimateCost(125_000, 1_000_000, 1_000_000, { bandwidthMbps: 10_000, rttMs: 0 });
    expect(fast.bottleneck).toBe("cpu");
    expect(fast.throughputPerSec).toBeCloseTo(500);
  });

  it("flags a confidence interval wider than 10% of the median", () => {
    expect(isNoisy({ medianNs: 100, ciLowNs: 95, ciHighNs: 104 })).toBe(false);
    expect(isNoisy({ medianNs: 100, ciLowNs: 90, ciHighNs: 112 })).toBe(true);
  });

  it("formats sizes and durations for people", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(466_906)).toBe("456.0 KB");
    expect(formatNs(1_500)).toBe("1.5 µs");
    expect(formatNs(2_345_678)).toBe("2.35 ms");
  });
});
