import type { Timing } from "@wirebench/contracts";
import { seededRandom } from "@wirebench/schemas";
import { probit, quantileSorted, quickselect } from "simple-statistics";

/** One batch of samples (ns per op) tagged with where it came from. */
export interface SampleSet {
  process: number;
  round: number;
  nsPerOp: number[];
  /** Calls per timed sample, fixed per process and op by the warm-up. */
  iterations?: number;
  /** Whether that process's warm-up for the op settled before its time bound. */
  warmupStable?: boolean;
}

const Z95 = probit(0.975);
/** Fewest samples whose [min, max] covers the median with ≥ 95 % (1 − 2^(1−n) ≥ 0.95). */
const MIN_SAMPLES_FOR_95 = 6;

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

/**
 * Whether these samples (one process's) already pin the median down: at least the six a 95 %
 * interval needs, and that interval narrower than `maxWidth` × the median. Sampling further would
 * narrow an interval already tighter than the target, while the process-to-process spread (up to
 * ±30 %) it cannot narrow stays; the result still reports the samples taken and their interval.
 * `maxWidth` 0: never.
 */
export function precise(samples: number[], maxWidth: number): boolean {
  if (maxWidth <= 0 || samples.length < MIN_SAMPLES_FOR_95) return false;
  const sorted = [...samples].sort((a, b) => a - b);
  const { low, high } = medianCi(sorted);
  return high - low <= maxWidth * quantileSorted(sorted, 0.5);
}

/** quantileSorted (type 7, linear between neighbours) of a sorted typed array. */
function typedQuantile(sorted: Float64Array, p: number): number {
  const idx = (sorted.length - 1) * p;
  const lo = Math.floor(idx);
  const a = sorted[lo] as number;
  return a + (idx - lo) * ((sorted[Math.ceil(idx)] as number) - a);
}

/**
 * The median (type 7, as quantileSorted) of `values[0..len)`, which it reorders: a selection, not a
 * sort, since it runs for every resample of every operation when a full run ends (sorting them was
 * 90 ms of the CLI's last 0.15 s on a 10 KB sample).
 */
function medianOfFirst(values: number[], len: number): number {
  const idx = (len - 1) * 0.5;
  const lo = Math.floor(idx);
  if (len > 1) quickselect(values, lo, 0, len - 1);
  const a = values[lo] as number;
  if (idx === lo) return a;
  let b = Number.POSITIVE_INFINITY;
  for (let i = lo + 1; i < len; i++) b = Math.min(b, values[i] as number);
  return a + (idx - lo) * (b - a);
}

/** Bootstrap resamples per interval: enough for stable 2.5/97.5 percentiles, cheap at these sample counts. */
const BOOTSTRAP_RESAMPLES = 2000;

/**
 * 95% CI of the median for samples grouped by child process.
 *
 * Why not just `medianCi` of the pooled samples: that treats every sample as independent, but the
 * samples of one process share its JIT and GC state, and processes drift apart by up to ±30 % on
 * these machines (docs/architecture.md, "Measurement"). Pooled order statistics then describe
 * within-process scatter only, and the interval shrinks with more samples per process although the
 * process-to-process uncertainty does not; two runs would look significantly different when they are not.
 *
 * So, with two or more processes: a two-stage (hierarchical) percentile bootstrap that resamples
 * processes with replacement, then samples within each chosen process, and takes the 2.5th and
 * 97.5th percentiles of the pooled median over the resamples. With few processes (default 2) that
 * bootstrap is coarse, so the result is widened to contain the pooled order-statistic interval:
 * never more confident than the naive interval, and always containing the median.
 *
 * With one process (quick runs) the between-process part cannot be estimated at all; the interval is
 * the order-statistic one and speaks for that process only, which is why quick results are coarse.
 */
export function groupedMedianCi(groups: number[][]): { low: number; high: number } {
  const nonEmpty = groups.filter((g) => g.length > 0);
  const pooled = nonEmpty.flat().sort((a, b) => a - b);
  const naive = medianCi(pooled);
  if (nonEmpty.length < 2) return naive;
  const random = seededRandom(pooled.length * 7919 + nonEmpty.length);
  const k = nonEmpty.length;
  // The same draws, in the same order, as sampleWithReplacement of the processes and then of each
  // chosen process's samples, into one reused array whose median is selected, not sorted for: with
  // arrays per resample, 2 000 resamples for every operation took ~0.7 s of CPU per full run.
  const buffer: number[] = new Array(k * Math.max(...nonEmpty.map((g) => g.length))).fill(0);
  const chosen: number[][] = new Array(k);
  const medians = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    for (let i = 0; i < k; i++) chosen[i] = nonEmpty[Math.floor(random() * k)] as number[];
    let len = 0;
    for (const g of chosen)
      for (let j = 0; j < g.length; j++) buffer[len++] = g[Math.floor(random() * g.length)] as number;
    medians[b] = medianOfFirst(buffer, len);
  }
  medians.sort();
  return {
    low: Math.min(naive.low, typedQuantile(medians, 0.025)),
    high: Math.max(naive.high, typedQuantile(medians, 0.975)),
  };
}

function spread(values: number[]): number | undefined {
  if (values.length < 2) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = quantileSorted(sorted, 0.5);
  return ((sorted[sorted.length - 1] as number) - (sorted[0] as number)) / mid;
}

/** Every sample of the sets that share a key (a process, or one round of one process). */
function groupSamples(sets: SampleSet[], key: (s: SampleSet) => number): number[][] {
  const groups = new Map<number, number[]>();
  for (const s of sets) {
    const g = groups.get(key(s));
    if (g) g.push(...s.nsPerOp);
    else groups.set(key(s), [...s.nsPerOp]);
  }
  return [...groups.values()];
}

const medianOf = (v: number[]) =>
  quantileSorted(
    [...v].sort((a, b) => a - b),
    0.5,
  );

/**
 * Pools every sample of one operation across rounds and processes into the public timing figures;
 * the confidence interval keeps the processes apart (see `groupedMedianCi`).
 */
export function summarize(
  sets: SampleSet[],
  bytesPerOp: number,
  allocated: number | null | undefined,
): Timing | null {
  const all = sets.flatMap((s) => s.nsPerOp).sort((a, b) => a - b);
  if (all.length === 0) return null;
  const medianNs = quantileSorted(all, 0.5);
  const byProcess = groupSamples(sets, (s) => s.process);
  const ci = groupedMedianCi(byProcess);
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
  // Below 6 samples no interval of order statistics reaches 95 %; say what [min, max] does reach.
  if (all.length < MIN_SAMPLES_FOR_95) timing.ciLevel = 1 - 2 ** (1 - all.length);
  const ps = spread(byProcess.map(medianOf));
  if (ps !== undefined) timing.processSpread = ps;
  const rs = spread(groupSamples(sets, (s) => s.process * 1000 + s.round).map(medianOf));
  if (rs !== undefined) timing.roundSpread = rs;
  // One unsettled process is enough to doubt the pooled median, so any `false` wins.
  const stability = sets.flatMap((s) => (s.warmupStable === undefined ? [] : [s.warmupStable]));
  if (stability.length > 0) timing.warmupStable = stability.every(Boolean);
  const iterations = new Map<number, number>();
  for (const s of sets) if (s.iterations !== undefined) iterations.set(s.process, s.iterations);
  if (iterations.size > 0)
    timing.iterationsPerSample = quantileSorted(
      [...iterations.values()].sort((a, b) => a - b),
      0.5,
    );
  return timing;
}
