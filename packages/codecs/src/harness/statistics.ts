import { probit, quantileSorted } from "simple-statistics";
import type { Timing } from "../result/result-schema.ts";

/** One batch of samples (ns per op) tagged with where it came from. */
export interface SampleSet {
  process: number;
  round: number;
  nsPerOp: number[];
}

const Z95 = probit(0.975);

/**
 * Distribution-free 95% CI of the median from order statistics: the 1-based ranks n/2 − z·√n/2 and 1 + n/2 + z·√n/2 of the
 * sorted samples (normal approximation of the Binomial(n, ½) rank distribution). No assumption
 * about the shape of timing distributions, which are skewed and often multi-modal.
 */
export function medianCi(sorted: number[]): { low: number; high: number } {
  const n = sorted.length;
  const half = (Z95 * Math.sqrt(n)) / 2;
  const lo = Math.max(1, Math.round(n / 2 - half));
  const hi = Math.min(n, Math.round(1 + n / 2 + half));
  return { low: sorted[lo - 1] as number, high: sorted[hi - 1] as number };
}

function spread(values: number[]): number | undefined {
  if (values.length < 2) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = quantileSorted(sorted, 0.5);
  return ((sorted[sorted.length - 1] as number) - (sorted[0] as number)) / mid;
}

function groupMedians(sets: SampleSet[], key: (s: SampleSet) => number): number[] {
  const groups = new Map<number, number[]>();
  for (const s of sets) groups.set(key(s), [...(groups.get(key(s)) ?? []), ...s.nsPerOp]);
  return [...groups.values()].map((v) =>
    quantileSorted(
      [...v].sort((a, b) => a - b),
      0.5,
    ),
  );
}

/** Pools every sample of one operation across rounds and processes into the public timing figures. */
export function summarize(
  sets: SampleSet[],
  bytesPerOp: number,
  allocated: number | null | undefined,
): Timing | null {
  const all = sets.flatMap((s) => s.nsPerOp).sort((a, b) => a - b);
  if (all.length === 0) return null;
  const medianNs = quantileSorted(all, 0.5);
  const ci = medianCi(all);
  const timing: Timing = {
    medianNs,
    ciLowNs: ci.low,
    ciHighNs: ci.high,
    samples: all.length,
    opsPerSec: 1e9 / medianNs,
    mbPerSec: bytesPerOp / 1e6 / (medianNs / 1e9),
    p5Ns: quantileSorted(all, 0.05),
    p95Ns: quantileSorted(all, 0.95),
  };
  if (allocated !== undefined) timing.bytesAllocatedPerOp = allocated;
  const ps = spread(groupMedians(sets, (s) => s.process));
  if (ps !== undefined) timing.processSpread = ps;
  const rs = spread(groupMedians(sets, (s) => s.process * 1000 + s.round));
  if (rs !== undefined) timing.roundSpread = rs;
  return timing;
}
