import type { ComparisonCheck, InstructionDelta } from "@wirebench/contracts";
import { instructionDeltas, instructionsRegressed } from "@wirebench/contracts/instructions/compare";
import type { FormatInstructions } from "@wirebench/contracts/result";

/**
 * One format's instruction counts against the baseline's (runs with `metric: "instructions"`), and
 * whether they cross `maxPct`. A noisy count (no second process within 0.1 % of the cheapest) is shown, never judged.
 */
export function judgeInstructions(
  base: FormatInstructions | null | undefined,
  current: FormatInstructions | null | undefined,
  maxPct: number | undefined,
  watched: boolean,
): { instructions?: InstructionDelta[]; instructionFail: boolean } {
  const deltas = instructionDeltas(base ?? undefined, current ?? undefined);
  const instructionFail = watched && maxPct !== undefined && instructionsRegressed(deltas, maxPct);
  return { ...(deltas.length ? { instructions: deltas } : {}), instructionFail };
}

/** The `instructions` check: present when the comparison was given a threshold for it. */
export function instructionsCheck(
  formats: { key: string; instructionFail?: boolean; instructions?: InstructionDelta[] }[],
  maxPct: number | undefined,
): ComparisonCheck[] {
  if (maxPct === undefined) return [];
  const failing = formats.filter((f) => f.instructionFail).map((f) => f.key);
  return [
    {
      name: "instructions",
      limitPct: maxPct,
      failing,
      pass: failing.length === 0,
      // A gate with nothing to judge says so instead of passing silently (Markdown and JSON).
      compared: formats.filter((f) => f.instructions?.length).length,
    },
  ];
}
