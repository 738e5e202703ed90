import { join } from "node:path";
import { defaultInstructionSettings, type InstructionSettings } from "@wirebench/codecs/runtime-bridge";
import { nsPerInstructionOf } from "@wirebench/contracts/instructions/estimate-time";
import type { Dataset } from "@wirebench/schemas";
import type { RuntimeRun } from "../measure-in-runtime.ts";
import type { RuntimeDefinition } from "../runtime-definition.ts";
import { countInRuntime } from "./count-in-runtime.ts";

/**
 * `metric: "instructions"` with `runtimes`: after a runtime's timed processes (callgrind would slow
 * them down), its formats that measured are counted, each entry gets `instructions`, and the
 * runtime's status says how (or why not). The estimated times use this runtime's own pace: compiled
 * Go or Rust and interpreted Python execute instructions at very different rates from V8's.
 */
export async function withRuntimeCounts(
  def: RuntimeDefinition,
  run: RuntimeRun,
  opts: {
    dataset: Dataset;
    settings: Partial<InstructionSettings>;
    workDir: string;
    env?: NodeJS.ProcessEnv;
    signal?: AbortSignal;
    cacheDir?: string;
  },
): Promise<RuntimeRun> {
  if (!run.status.available) return run;
  const counted = await countInRuntime(def, {
    dataset: opts.dataset,
    ids: run.formats.filter((f) => f.ok).map((f) => f.id),
    workDir: join(opts.workDir, "instructions"),
    settings: { ...defaultInstructionSettings, ...opts.settings },
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.cacheDir ? { cacheDir: opts.cacheDir } : {}),
  });
  const formats = run.formats.map((f) => {
    const counts = counted.formats.get(f.id);
    return counts ? { ...f, instructions: counts } : f;
  });
  const pace = nsPerInstructionOf(formats);
  const estimated =
    pace === undefined
      ? formats
      : formats.map((f) => {
          if (!f.instructions) return f;
          const counts = { ...f.instructions };
          for (const op of ["encode", "decode", "access"] as const) {
            const c = counts[op];
            if (c) counts[op] = { ...c, estimatedNs: c.perOp * pace };
          }
          return { ...f, instructions: counts };
        });
  return {
    status: { ...run.status, instructions: { ...counted.run, ...(pace ? { nsPerInstruction: pace } : {}) } },
    formats: estimated,
  };
}
