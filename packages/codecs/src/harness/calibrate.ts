import type { MeasureSettings } from "./settings.ts";
import type { TimedLoop } from "./timed-batch.ts";

/** Batches in a row without a new best after which warm-up counts as settled. */
const PLATEAU = 5;

/**
 * Warm-up and batch calibration in one pass: grow the batch until one batch lasts
 * `targetSampleMs`, keep running until the per-op time of the last three batches agrees within
 * `warmupTolerance` (JIT tiers settled) after at least `warmupMinMs` and `warmupMinIterations`
 * calls (or `warmupEnoughMs`), or stop at `warmupMaxMs`. On a busy machine three batches rarely
 * agree, so a best per-call time that stopped falling also counts as settled (see PLATEAU). Either
 * counts only once the best has held, and V8 has optimised no function, for `warmupQuietFraction` of
 * the batches' time so far: a plateau can be the code before TurboFan's (jitEvents).
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
  /** How many functions V8 has optimised so far in this process (see jitEventCounter). */
  jitEvents: () => number = () => 0,
): { iterations: number; stable: boolean; nsPerOp: number } {
  if (priorNsPerOp !== undefined && priorNsPerOp >= s.warmupMaxMs * 1e6)
    return { iterations: 1, stable: false, nsPerOp: priorNsPerOp };
  const targetNs = s.targetSampleMs * 1e6;
  const start = process.hrtime.bigint();
  const elapsedMs = () => Number(process.hrtime.bigint() - start) / 1e6;
  // The run caps warm-up below `warmupEnoughMs` when the budget is small (warmup-cap.ts); an
  // operation too slow for `warmupMinIterations` calls within the cap could then never settle.
  const enoughMs = Math.min(s.warmupEnoughMs, s.warmupMaxMs / 2);
  let n = 1;
  let calls = 0;
  const recent: number[] = [];
  let best = Number.POSITIVE_INFINITY;
  let sinceBest = 0;
  // Time spent in batches, and that time when the best last fell (or the batch size last changed).
  // Batch time, not the clock, so a test can script it.
  let spentNs = 0;
  let bestAtNs = 0;
  // And when V8 last optimised a function: any function, since what the codec calls is unknown.
  let events = jitEvents();
  let jitAtNs = 0;
  for (;;) {
    const ns = loop(fn, args, n);
    calls += n;
    spentNs += ns;
    if (ns < targetNs * 0.8) {
      // Too short to time reliably: scale towards the target (at most ×10 per step), restart the window.
      n = Math.max(n + 1, Math.min(n * 10, Math.ceil((n * targetNs) / Math.max(ns, 1))));
      recent.length = 0;
      best = Number.POSITIVE_INFINITY;
      sinceBest = 0;
      bestAtNs = spentNs;
    } else {
      const perOp = ns / n;
      recent.push(perOp);
      if (recent.length > 3) recent.shift();
      // Measured against the best when the count last restarted, so a slow steady fall still counts.
      if (perOp < best * (1 - s.warmupTolerance)) {
        best = perOp;
        sinceBest = 0;
        bestAtNs = spentNs;
      } else sinceBest++;
    }
    const seen = jitEvents();
    if (seen !== events) {
      events = seen;
      jitAtNs = spentNs;
    }
    const t = elapsedMs();
    const enoughCalls = calls >= s.warmupMinIterations || t >= enoughMs;
    const quiet = spentNs - Math.max(bestAtNs, jitAtNs) >= s.warmupQuietFraction * spentNs;
    if (recent.length === 3 && t >= s.warmupMinMs && enoughCalls && quiet) {
      const lo = Math.min(...recent);
      const hi = Math.max(...recent);
      // Settled: the last three batches agree, or (on a busy machine, where one of any three batches
      // often carries another process's time slice) `PLATEAU` batches in a row brought no new best by
      // more than the tolerance. Noise only ever adds time; the JIT tiering up shows as a falling best.
      if ((hi - lo) / lo <= s.warmupTolerance || (s.warmupTolerance > 0 && sinceBest >= PLATEAU))
        return { iterations: n, stable: true, nsPerOp: lo };
    }
    // The cost the budget plans with: the fastest recent batch, since one batch the scheduler
    // preempted on a busy machine can look a hundred times dearer than the operation is.
    if (t >= s.warmupMaxMs)
      return { iterations: n, stable: false, nsPerOp: recent.length > 0 ? Math.min(...recent) : ns / n };
  }
}
