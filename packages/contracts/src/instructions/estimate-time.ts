import type { FormatInstructions, Result } from "../result/index.ts";

const OPS = ["encode", "decode", "access"] as const;

/** What the pace needs of a format: its medians and its counts (a Result entry, or a stored one). */
export interface TimedAndCounted {
  encode?: { medianNs: number } | null;
  decode?: { medianNs: number } | null;
  access?: { medianNs: number } | null;
  instructions?: FormatInstructions | null;
}

/**
 * The run's pace: Σ wall-clock medians ÷ Σ instructions over every operation that has both.
 * One pace for the whole run, so an operation whose measured time sits above its estimate
 * (instructions × pace) spends more of its time stalled (cache misses, mispredicted branches,
 * allocation) than the run's average operation; below, less. Undefined without such operations.
 */
export function nsPerInstructionOf(formats: TimedAndCounted[]): number | undefined {
  let ns = 0;
  let instructions = 0;
  for (const f of formats) {
    for (const op of OPS) {
      const t = f[op];
      const c = f.instructions?.[op];
      if (!t || !c || c.perOp <= 0) continue;
      ns += t.medianNs;
      instructions += c.perOp;
    }
  }
  return instructions > 0 ? ns / instructions : undefined;
}

/** Adds `estimatedNs` beside every count, and the pace to `result.instructions`. */
export function withEstimatedTimes(result: Result): Result {
  const nsPerInstruction = nsPerInstructionOf(result.formats);
  if (!result.instructions || nsPerInstruction === undefined) return result;
  return {
    ...result,
    instructions: { ...result.instructions, nsPerInstruction },
    formats: result.formats.map((f) => {
      if (!f.instructions) return f;
      const counts = { ...f.instructions };
      for (const op of OPS) {
        const c = counts[op];
        if (c) counts[op] = { ...c, estimatedNs: c.perOp * nsPerInstruction };
      }
      return { ...f, instructions: counts };
    }),
  };
}
