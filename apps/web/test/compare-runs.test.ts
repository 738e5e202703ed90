import { describe, expect, it } from "vitest";
import { compareEntries, timeDelta } from "../src/server/services/compare-runs.ts";

const t = (medianNs: number, half: number) => ({
  medianNs,
  ciLowNs: medianNs - half,
  ciHighNs: medianNs + half,
});
const entry = (bytes: number, enc = t(1000, 10), dec = t(2000, 10)) => ({
  format: "protobuf",
  variant: "binary",
  ok: true,
  bytes,
  compressed: { gzip: Math.round(bytes / 2), brotli: Math.round(bytes / 2.2), zstd: Math.round(bytes / 2.1) },
  encode: enc,
  decode: dec,
});

describe("comparing a run with its baseline", () => {
  it("fails the size check when any size grows past the limit, with the exact delta", () => {
    const r = compareEntries([entry(1000)], [entry(1200)], { maxRegressionPct: 10 });
    expect(r.formats[0]!.bytes).toEqual({ base: 1000, current: 1200, deltaPct: 20 });
    expect(r.checks).toEqual([{ name: "size", limitPct: 10, failing: ["protobuf/binary"], pass: false }]);
    expect(r.pass).toBe(false);
  });

  it("passes an unchanged run and a shrinking one", () => {
    expect(compareEntries([entry(1000)], [entry(1000)], { maxRegressionPct: 0 }).pass).toBe(true);
    expect(compareEntries([entry(1000)], [entry(900)], { maxRegressionPct: 0 }).pass).toBe(true);
  });

  it("counts a slow-down only when the confidence intervals do not overlap", () => {
    expect(timeDelta(t(1000, 100), t(1150, 100))?.significant).toBe(false); // 1050..1250 overlaps 900..1100
    expect(timeDelta(t(1000, 50), t(1200, 50))?.significant).toBe(true);
    const noisy = compareEntries([entry(1000, t(1000, 200))], [entry(1000, t(1300, 200))], {
      maxTimeRegressionPct: 5,
    });
    expect(noisy.pass).toBe(true);
    const real = compareEntries([entry(1000, t(1000, 10))], [entry(1000, t(1300, 10))], {
      maxTimeRegressionPct: 5,
    });
    expect(real.pass).toBe(false);
    expect(real.formats[0]!.encode).toMatchObject({ deltaPct: 30, significant: true });
  });

  it("applies thresholds only to the watched formats", () => {
    const r = compareEntries([entry(1000)], [entry(2000)], { maxRegressionPct: 5, formats: ["json"] });
    expect(r.pass).toBe(true);
    expect(r.formats[0]!.watched).toBe(false);
  });
});
