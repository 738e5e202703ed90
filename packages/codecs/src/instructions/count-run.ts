import type { FormatInstructions, Result, RunInstructions } from "@wirebench/contracts";
import { withEstimatedTimes } from "@wirebench/contracts/instructions/estimate-time";
import type { ChildIdentity } from "../harness/child-sandbox.ts";
import type { Limits } from "../harness/settings.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { measureInstructions } from "./measure-instructions.ts";
import { defaultInstructionSettings, type InstructionSettings } from "./settings.ts";

interface Counted {
  entry: RegistryEntry;
  error?: string;
  instructions?: FormatInstructions;
}

/**
 * The pipeline's step for `metric: "instructions"`: counts every format that has not failed, after
 * the timed processes (callgrind would slow them down), and leaves the counts on each format's state.
 */
export async function countRunInstructions(
  states: Map<string, Counted>,
  run: {
    datasetPath: string;
    workDir: string;
    settings?: Partial<InstructionSettings>;
    limits: Limits;
    parallel: number;
    identity?: ChildIdentity | undefined;
    signal?: AbortSignal | undefined;
  },
): Promise<RunInstructions> {
  const counting = [...states.values()].filter((st) => !st.error).map((st) => st.entry);
  const outcome = await measureInstructions(
    counting,
    run.datasetPath,
    run.workDir,
    { ...defaultInstructionSettings, ...run.settings },
    run.limits,
    { identity: run.identity, signal: run.signal, parallel: run.parallel },
  );
  for (const [id, counts] of outcome.formats) {
    const st = states.get(id);
    if (st) st.instructions = counts;
  }
  return outcome.run;
}

/** The Result with the run's counting outcome and every count's estimated time. */
export function withInstructions(result: Result, run: RunInstructions | undefined): Result {
  return run ? withEstimatedTimes({ ...result, instructions: run }) : result;
}
