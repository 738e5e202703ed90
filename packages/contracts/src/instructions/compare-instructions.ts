import type { FormatInstructions } from "../result/index.ts";

/** An operation whose instructions are counted (the harness's timed operations). */
export type Op = "encode" | "decode" | "access";

/** The default of `wirebench ci --gate instructions`: a count may rise this much (percent). */
export const defaultMaxInstructionRegressionPct = 1;

export interface InstructionDelta {
  op: Op;
  base: number;
  current: number;
  deltaPct: number;
  /** Either side's processes disagreed by more than its `noisySpread`: the delta does not count. */
  noisy: boolean;
}

/** Per-operation deltas of two runs' counts for one format (operations counted in both). */
export function instructionDeltas(
  base: FormatInstructions | undefined,
  current: FormatInstructions | undefined,
): InstructionDelta[] {
  if (!base || !current) return [];
  const out: InstructionDelta[] = [];
  for (const op of ["encode", "decode", "access"] as const) {
    const b = base[op];
    const c = current[op];
    if (!b || !c || b.perOp <= 0) continue;
    out.push({
      op,
      base: b.perOp,
      current: c.perOp,
      deltaPct: ((c.perOp - b.perOp) / b.perOp) * 100,
      noisy: b.noisy || c.noisy,
    });
  }
  return out;
}

/** Whether a count rose past `maxPct`: noisy deltas never fail a gate (they are reported, not judged). */
export function instructionsRegressed(deltas: InstructionDelta[], maxPct: number): boolean {
  return deltas.some((d) => !d.noisy && d.deltaPct > maxPct);
}
