import { join } from "node:path";
import { checkValgrind, type InstructionSettings, poolFormat } from "@wirebench/codecs/runtime-bridge";
import type { FormatInstructions, RunInstructions } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { requestFormat } from "../run/format-slot.ts";
import { generatedDirsOf, linkGenerated } from "../run/link-generated.ts";
import type { RuntimeDefinition } from "../runtime-definition.ts";
import { runtimeLimits } from "../runtime-settings.ts";
import { countProcess, type ProcessCounts } from "./count-process.ts";
import { countProfiles, noProfileReason, pythonEnvFree } from "./count-profiles.ts";
import { prepareCountSlots } from "./prepare-count.ts";

export interface CountInRuntimeOptions {
  dataset: Dataset;
  /** Entry ids to count (`json@go`): the formats the timed run measured without error. */
  ids: string[];
  workDir: string;
  settings: InstructionSettings;
  /** The environment children start from (the worker's minimal one); default this process's. */
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  cacheDir?: string;
}

export interface RuntimeCounts {
  run: RunInstructions;
  formats: Map<string, FormatInstructions>;
}

export const runtimeCountMethod = (marker: string) =>
  `callgrind; per call = the cheapest segment of N calls ÷ N, each segment between calls of ${marker} (dump-before), the calling thread only, after warm-up calls; the cheapest of fresh processes`;

/**
 * Instructions per call of every operation of `ids` in one runtime (docs/instructions.md, "Other
 * runtimes"): `settings.processes` count-mode children under callgrind side by side, each over all
 * the formats; per operation the cheapest over processes, the spread between them and `noisy` above
 * `noisySpread`, exactly as Node's. Without valgrind, or for a runtime with no count mode, the
 * outcome says why (`available: false`) and holds no formats.
 */
export async function countInRuntime(
  def: RuntimeDefinition,
  opts: CountInRuntimeOptions,
): Promise<RuntimeCounts> {
  const started = Date.now();
  const s = opts.settings;
  const profile = countProfiles[def.id];
  if (!profile)
    return { run: { available: false, reason: noProfileReason(def.id), method: "none" }, formats: new Map() };
  const method = runtimeCountMethod(profile.marker);
  const check = checkValgrind(s.valgrindPath);
  if (!check.available)
    return { run: { available: false, reason: check.reason, method }, formats: new Map() };

  const cacheDir = opts.cacheDir ?? runtimeLimits().cacheDir;
  const slots = await prepareCountSlots(def, opts.ids, opts.dataset, opts.workDir, cacheDir, opts.signal);
  // Linked as the timed run linked them (Rust compiles .fbs/.capnp code into one binary for all the
  // run's schemas): the same binary, already built, counts each format in turn.
  await linkGenerated(def, slots, opts.signal);
  const standing = slots.filter((x) => !x.error);
  const timed = def.command(generatedDirsOf(standing));
  const child = profile.command ? profile.command(timed) : timed;
  const formats = new Map<string, FormatInstructions>();
  for (const x of slots) if (x.error) formats.set(x.id, { error: x.error });
  const processes = Math.max(2, s.processes);
  const base = opts.env ?? process.env;
  // Each format in processes of its own, as Node's: in a Rust process that had counted prost first
  // (whose HashMaps are seeded per process), serde_json's encode moved 0.55 % between processes;
  // alone it repeats to the instruction. A format also runs out of its own time only.
  for (const slot of standing) {
    if (opts.signal?.aborted) break;
    const results = await Promise.all(
      Array.from({ length: processes }, (_, k): Promise<ProcessCounts> => {
        const dir = join(opts.workDir, slot.id.replace(/[^\w.-]/g, "_"), `p${k}`);
        const outFile = join(dir, "callgrind.out");
        const command = {
          cmd: s.valgrindPath,
          args: [
            "--tool=callgrind",
            "--separate-threads=yes",
            `--dump-before=${profile.marker}`,
            ...(profile.valgrindArgs ?? []),
            `--callgrind-out-file=${outFile}`,
            "-q",
            child.cmd,
            ...child.args,
          ],
          env: { ...child.env, ...profile.env, WIREBENCH_COUNT: "1" },
        };
        return countProcess(
          command,
          { process: k, workDir: dir, formats: [requestFormat(slot)], count: countSettingsOf(s) },
          outFile,
          {
            timeoutMs: s.formatTimeoutMs,
            settleTolerance: s.settleTolerance,
            label: `the ${def.id} counting child of ${slot.id} (process ${k})`,
            env: def.id === "python" ? pythonEnvFree(base) : base,
            signal: opts.signal,
          },
        );
      }),
    );
    formats.set(slot.id, poolFormat(slot.id, results, s.noisySpread));
  }
  return {
    run: {
      available: true,
      method,
      valgrindVersion: check.version,
      processes,
      noisySpread: s.noisySpread,
      durationMs: Date.now() - started,
    },
    formats,
  };
}

function countSettingsOf(s: InstructionSettings) {
  return {
    segmentBytes: s.segmentBytes,
    minIterations: s.minIterations,
    maxIterations: s.maxIterations,
    warmupIterations: s.warmupIterations,
    segments: s.segments,
  };
}
