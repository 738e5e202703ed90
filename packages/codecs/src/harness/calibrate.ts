import type { MeasureSettings } from "./settings.ts";
import type { TimedLoop } from "./timed-batch.ts";

/**
 * Warm-up and batch calibration in one pass: grow the batch until one batch lasts
 * `targetSampleMs`, keep running until the per-op time of the last three batches agrees within
 * `warmupTolerance` (JIT tiers settled) after at least `warmupMinMs` and `warmupMinIterations`
 * calls (or `warmupEnoughMs`), or stop at `warmupMaxMs`.
 * Returns the iterations per sample and the time of one call in the last batch.
 *
 * `priorNsPerOp`, what one call took while preparing or verifying (in this process), skips all of
 * this when it alone exceeds `warmupMaxMs`: warm-up would stop after its first call anyway, and for
 * a 2 MB document that call costs seconds that the earlier call already spent.
 */
export function warmUpAndCalibrate(
  fn: (arg: unknown) => unknown,
  args: unknown[],
  s: MeasureSettings,
  /** The loop that will time `fn` later: warming it up is part of the point. */
  loop: TimedLoop,
  priorNsPerOp?: number,
): { iterations: number; stable: boolean; nsPerOp: number } {
  if (priorNsPerOp !== undefined && priorNsPerOp >= s.warmupMaxMs * 1e6)
    return { iterations: 1, stable: false, nsPerOp: priorNsPerOp };
  const targetNs = s.targetSampleMs * 1e6;
  const start = process.hrtime.bigint();
  const elapsedMs = () => Number(process.hrtime.bigint() - start) / 1e6;
  let n = 1;
  let calls = 0;
  const recent: number[] = [];
  for (;;) {
    const ns = loop(fn, args, n);
    calls += n;
    if (ns < targetNs * 0.8) {
      // Too short to time reliably: scale towards the target (at most ×10 per step), restart the window.
      n = Math.max(n + 1, Math.min(n * 10, Math.ceil((n * targetNs) / Math.max(ns, 1))));
      recent.length = 0;
    } else {
      recent.push(ns / n);
      if (recent.length > 3) recent.shift();
    }
    const t = elapsedMs();
    const enoughCalls = calls >= s.warmupMinIterations || t >= s.warmupEnoughMs;
    if (recent.length === 3 && t >= s.warmupMinMs && enoughCalls) {
      const lo = Math.min(...recent);
      const hi = Math.max(...recent);
      if ((hi - lo) / lo <= s.warmupTolerance) return { iterations: n, stable: true, nsPerOp: lo };
    }
    // The cost the budget plans with: the fastest recent batch, since one batch the scheduler
    // preempted on a busy machine can look a hundred times dearer than the operation is.
    if (t >= s.warmupMaxMs)
      return { iterations: n, stable: false, nsPerOp: recent.length > 0 ? Math.min(...recent) : ns / n };
  }
}
