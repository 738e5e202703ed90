import { z } from "zod";

/** Instructions per call of one operation, counted under callgrind in fresh processes (docs/instructions.md in the repository). */
export const opInstructionsSchema = z.object({
  /** The fewest instructions per call any process counted (one call = one message); see `runs`. */
  perOp: z.number(),
  /** Each process's count, in process order. */
  runs: z.array(z.number()),
  /** (max − min) / min over `runs`: how far apart fresh processes counted. */
  spread: z.number(),
  /** True when no second process counted within the run's `noisySpread` (default 0.1 %) of `perOp`; a CI gate ignores such counts. */
  noisy: z.boolean(),
  /** False when, in some process, the two cheapest segments were more than 1 % apart (docs/instructions.md). */
  settled: z.boolean(),
  /**
   * `perOp` × the run's `nsPerInstruction`: the time this operation would take if it ran at this
   * machine's average pace over every format. Beside the measured median, a gap says this operation
   * stalls more (or less) than the others, on memory or branches. Absent without wall-clock timings.
   */
  estimatedNs: z.number().optional(),
});
export type OpInstructions = z.infer<typeof opInstructionsSchema>;

export const formatInstructionsSchema = z.object({
  encode: opInstructionsSchema.optional(),
  decode: opInstructionsSchema.optional(),
  access: opInstructionsSchema.optional(),
  /** Why this format has no counts (it failed under callgrind), when it has none. */
  error: z.string().optional(),
});
export type FormatInstructions = z.infer<typeof formatInstructionsSchema>;

export const runInstructionsSchema = z.object({
  /** False when valgrind is missing or does not run; `reason` says why. Never an error of the run. */
  available: z.boolean(),
  reason: z.string().optional(),
  /** How the count is isolated from start-up and set-up (see docs/instructions.md). */
  method: z.string(),
  valgrindVersion: z.string().optional(),
  /** Fresh callgrind processes every count was repeated in. */
  processes: z.number().int().optional(),
  /** The spread above which a count is flagged `noisy`. */
  noisySpread: z.number().optional(),
  /** Σ wall-clock medians ÷ Σ instructions over every operation of the run: the machine's pace. */
  nsPerInstruction: z.number().optional(),
  durationMs: z.number().optional(),
});
export type RunInstructions = z.infer<typeof runInstructionsSchema>;
