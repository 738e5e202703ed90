import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ProgressEvent } from "@wirebench/codecs";
import type { InstructionSettings, MeasureSettings } from "@wirebench/codecs/runtime-bridge";
import type { FormatResult, Result, RuntimeId, RuntimeStatus } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { type ByteReference, crossRuntimeBytes } from "./cross-runtime-bytes.ts";
import { computedReferences } from "./data-model-json.ts";
import { runtimeDefinition } from "./definitions/index.ts";
import { withRuntimeCounts } from "./instructions/add-counts.ts";
import { measureInRuntime } from "./measure-in-runtime.ts";
import type { RuntimeDefinition } from "./runtime-definition.ts";
import type { RuntimeLimits } from "./runtime-settings.ts";

export interface AddRuntimesOptions {
  /** The runtimes asked for (`--runtimes`, `options.runtimes`), Node included or not. */
  runtimes: RuntimeId[];
  /** The run's `--formats` (families or ids); default all. */
  formats?: string[];
  /** The settings Node measured with (quick, budget), so every runtime measures alike. */
  settings: MeasureSettings;
  /** A scratch folder; removed afterwards. */
  workDir: string;
  signal?: AbortSignal;
  limits?: Partial<RuntimeLimits>;
  /** The environment runtime children start from; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** Where the runtimes come from (tests pass their own); default `runtimeDefinition(id)`. */
  definitionOf?: (id: RuntimeId) => RuntimeDefinition | undefined;
  /** `metric: "instructions"`: count each runtime's formats under callgrind too (docs/instructions.md). */
  instructions?: Partial<InstructionSettings>;
  /** The references crossRuntimeBytes computes (computedReferences), when the caller made them already. */
  references?: ByteReference[];
  onStart?: (runtime: RuntimeId) => void;
  /** Each runtime entry's stage (see measureInRuntime's `onProgress`). */
  onProgress?: (e: ProgressEvent) => void;
  /**
   * Each runtime's status once it is done (all its entries reported), so a caller that may lose
   * this process still knows which runtimes finished.
   */
  onRuntimeDone?: (status: RuntimeStatus) => void | Promise<void>;
  /**
   * Each entry as it is known (see measureInRuntime); with `instructions`, once more after counting
   * with `counted: true`, the same entry carrying its counts.
   */
  onFormatResult?: (entry: FormatResult, info: { final: boolean; counted?: boolean }) => void | Promise<void>;
}

/** Node's comparison as one runtime among others: its entries stamped `runtime: "node"`, and its status. */
export function nodeRuntimeOf(node: Result): { entries: FormatResult[]; status: RuntimeStatus } {
  return {
    entries: node.formats.map((f) => ({ ...f, runtime: "node" as const, runtimeVersion: process.version })),
    status: {
      runtime: "node",
      available: true,
      version: process.version,
      libraries: node.environment.libraries,
    },
  };
}

/**
 * A Node comparison's Result extended by the other runtimes asked for, measured one after another
 * after Node (a timed round never shares the machine): Node's entries stamped `runtime: "node"`
 * (left out when Node was not asked for), every runtime's status (a missing one is `available:
 * false`, not an error), its entries, and the cross-runtime byte comparison.
 */
export async function addRuntimes(node: Result, dataset: Dataset, opts: AddRuntimesOptions): Promise<Result> {
  const wanted = [...new Set(opts.runtimes)];
  const withNode = wanted.includes("node");
  const nodeSide = nodeRuntimeOf(node);
  const nodeEntries = nodeSide.entries;
  const statuses: RuntimeStatus[] = withNode ? [nodeSide.status] : [];
  const others: FormatResult[] = [];
  mkdirSync(opts.workDir, { recursive: true });
  try {
    for (const id of wanted) {
      if (id === "node") continue;
      if (opts.signal?.aborted) break;
      const def = (opts.definitionOf ?? runtimeDefinition)(id);
      if (!def) {
        const missing: RuntimeStatus = {
          runtime: id,
          available: false,
          reason: `this build of Wirebench has no ${id} runtime`,
        };
        statuses.push(missing);
        await opts.onRuntimeDone?.(missing);
        continue;
      }
      opts.onStart?.(id);
      let run = await measureInRuntime(def, {
        dataset,
        ...(opts.formats ? { formats: opts.formats } : {}),
        settings: opts.settings,
        workDir: join(opts.workDir, id),
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.limits ? { limits: opts.limits } : {}),
        ...(opts.env ? { env: opts.env } : {}),
        ...(opts.onFormatResult ? { onFormatResult: opts.onFormatResult } : {}),
        ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
      });
      if (opts.instructions)
        run = await withRuntimeCounts(def, run, {
          dataset,
          settings: opts.instructions,
          workDir: join(opts.workDir, id),
          ...(opts.env ? { env: opts.env } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
      if (opts.instructions)
        for (const f of run.formats)
          if (f.instructions) await opts.onFormatResult?.(f, { final: true, counted: true });
      statuses.push(run.status);
      others.push(...run.formats);
      await opts.onRuntimeDone?.(run.status);
    }
  } finally {
    rmSync(opts.workDir, { recursive: true, force: true });
  }
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("the comparison was stopped");
  // Computed only when another runtime wrote JSON: it writes the whole dataset once more.
  const references =
    opts.references ?? (others.some((f) => f.format === "json") ? computedReferences(dataset) : []);
  const crossRuntime = crossRuntimeBytes(withNode ? [...nodeEntries, ...others] : others, references);
  return {
    ...node,
    formats: [...(withNode ? nodeEntries : []), ...others],
    runtimes: statuses,
    crossRuntime,
  };
}
