import { z } from "zod";

export const timingSchema = z.object({
  /** Median time of one operation on one message, in nanoseconds. */
  medianNs: z.number(),
  /**
   * 95% confidence interval of the median. With several child processes: a hierarchical bootstrap
   * (processes, then samples within them), never narrower than the pooled order-statistic interval;
   * with one process (quick): distribution-free order statistics, which describe that process only.
   */
  ciLowNs: z.number(),
  ciHighNs: z.number(),
  /** Number of timed samples pooled across rounds and child processes. */
  samples: z.number().int(),
  opsPerSec: z.number(),
  /** Encoded megabytes (10^6 bytes) processed per second, from the mean encoded size of a message. */
  mbPerSec: z.number(),
  p5Ns: z.number().optional(),
  p95Ns: z.number().optional(),
  /** Heap and ArrayBuffer bytes allocated per operation, when V8 allowed measuring it (no GC in between). */
  bytesAllocatedPerOp: z.number().nullable().optional(),
  /** Relative spread ((max - min) / median) of the per-process medians: the drift this run saw. */
  processSpread: z.number().optional(),
  /** Relative spread of the per-round medians (within and across processes). */
  roundSpread: z.number().optional(),
  /**
   * False when, in any child process, warm-up reached `warmupMaxMs` before the last three batches
   * agreed within `warmupTolerance`: the JIT may still have been changing tiers while samples were
   * taken, so the median may mix optimisation levels. Absent in results older than this field.
   */
  warmupStable: z.boolean().optional(),
  /**
   * Calls timed together in one sample (chosen by warm-up so a sample lasts about `targetSampleMs`),
   * median over child processes: tiny values mean timer resolution dominates each sample.
   */
  iterationsPerSample: z.number().optional(),
  /**
   * True when the run's time budget (`budgetMs`) cut this operation's samples below what the
   * settings ask for (`samples` says how many were taken): the interval is wider than an unbounded
   * run's would be. Absent when the budget did not bind.
   */
  budgetBound: z.boolean().optional(),
  /**
   * True when even the floor of samples (`minSamples`) did not fit the budget, so each child process
   * timed this operation once: a single observation per process, whose interval says little.
   */
  overBudget: z.boolean().optional(),
  /**
   * The confidence level the interval actually has when too few samples were taken for 95 %
   * (distribution-free: [min, max] of n samples covers the median with 1 − 2^(1−n), 0 for one
   * sample). Absent when the interval is a 95 % one.
   */
  ciLevel: z.number().optional(),
});
export type Timing = z.infer<typeof timingSchema>;
