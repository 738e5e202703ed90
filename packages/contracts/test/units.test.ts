import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatNs, notMeasured } from "../src/units.ts";

describe("formatBytes (SI: kB = 1000 B)", () => {
  it.each([
    [0, "0 B"],
    [228, "228 B"],
    [1024, "1024 B"],
    [9_999, "9999 B"],
    [10_000, "10.0 kB"],
    [12_345, "12.3 kB"],
    [999_949, "999.9 kB"],
    [1_000_000, "1.00 MB"],
    [8_388_608, "8.39 MB"],
    [2_500_000_000, "2.50 GB"],
    [81.96, "82.0 B"],
    [12.25, "12.3 B"],
  ])("%d → %s", (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });

  it("keeps the sign of a difference", () => {
    expect(formatBytes(-42)).toBe("-42 B");
    expect(formatBytes(-12_500)).toBe("-12.5 kB");
  });

  it("shows a missing size as not measured", () => {
    for (const n of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatBytes(n)).toBe(notMeasured);
  });
});

describe("formatNs", () => {
  it.each([
    [0, "0 ns"],
    [850.4, "850 ns"],
    [999, "999 ns"],
    [1_000, "1.0 µs"],
    [12_345, "12.3 µs"],
    [1_500_000, "1.50 ms"],
    [999_990_000, "999.99 ms"],
    [2_000_000_000, "2.00 s"],
  ])("%d ns → %s", (ns, text) => {
    expect(formatNs(ns)).toBe(text);
  });

  it("shows a missing timing as not measured", () => {
    expect(formatNs(null)).toBe(notMeasured);
    expect(formatNs(undefined)).toBe(notMeasured);
  });
});

describe("formatCount", () => {
  it("rounds and groups thousands the same in every locale", () => {
    expect(formatCount(1234567.4)).toBe("1,234,567");
    expect(formatCount(999.5)).toBe("1,000");
    expect(formatCount(-3200)).toBe("-3,200");
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(formatCount(null)).toBe(notMeasured);
  });
});
