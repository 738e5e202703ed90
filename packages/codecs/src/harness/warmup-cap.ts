import type { MeasureSettings } from "./settings.ts";

/**
 * Warm-up is not timed but costs time like timing does: capped so that warming every operation up
 * in every process takes at most half the timing budget's worth of CPU (counting encode and
 * decode per format). On small data, warm-up settles long before either bound; on a 2 MB document a 30 ms
 * call would otherwise be warmed up for a full second per operation and process.
 */
export function warmupMaxMs(s: MeasureSettings, processes: number, formats: number): number {
  const cap = s.budgetMs / 2 / (processes * Math.max(1, formats) * 2);
  return Math.max(s.warmupMinMs, Math.min(s.warmupMaxMs, cap));
}
