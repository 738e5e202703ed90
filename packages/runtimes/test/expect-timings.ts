import { quickSettings } from "@wirebench/codecs";
import type { FormatResult } from "@wirebench/contracts";
import { expect } from "vitest";

/**
 * Every entry's encode and decode: a positive median inside its confidence interval, from at least
 * the quick settings' floor of samples (what a driver test of any runtime asserts of its timings).
 */
export function expectTimingsWithCi(
  entries: FormatResult[],
  also?: (t: NonNullable<FormatResult["encode"]>) => void,
) {
  for (const f of entries)
    for (const t of [f.encode, f.decode]) {
      expect(t, f.id).not.toBeNull();
      if (!t) continue;
      expect(t.medianNs).toBeGreaterThan(0);
      expect(t.ciLowNs).toBeLessThanOrEqual(t.medianNs);
      expect(t.ciHighNs).toBeGreaterThanOrEqual(t.medianNs);
      expect(t.samples).toBeGreaterThanOrEqual(quickSettings.minSamples);
      also?.(t);
    }
}
