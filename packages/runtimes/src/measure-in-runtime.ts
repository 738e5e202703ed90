import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ProgressEvent } from "@wirebench/codecs";
import { defaultSettings, type MeasureSettings, warmupMaxMs } from "@wirebench/codecs/runtime-bridge";
import type { FormatResult, RuntimeStatus } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { picksRuntimeFormat } from "./formats/catalogue.ts";
import { prepareGenerated } from "./generated-cache.ts";
import { type ShapedInput, shapeInput } from "./inputs/shaped-input.ts";
import { type FormatSlot, newSlot, slotResult } from "./run/format-slot.ts";
import { generatedDirsOf, linkGenerated } from "./run/link-generated.ts";
import { type Hello, runProcess } from "./run/run-process.ts";
import type { InputShape, RuntimeDefinition } from "./runtime-definition.ts";
import { type RuntimeLimits, runtimeLimits } from "./runtime-settings.ts";

export interface MeasureInRuntimeOptions {
  dataset: Dataset;
  /** Format families, impls or ids (`protobuf`, `orjson`, `json@python`) to measure; default all. */
  formats?: string[];
  /** Node's measurement settings (rounds, warm-up, budget, processes…), so both measure alike. */
  settings?: Partial<MeasureSettings>;
  /** Child processes, one after another; process 0 verifies. Default `settings.processes`. */
  processes?: number;
  /** A scratch folder of this run's own (inputs, emitted schemas, the children's work dirs). */
  workDir: string;
  signal?: AbortSignal;
  limits?: Partial<RuntimeLimits>;
  /** The environment children start from (the worker's minimal one, without its secrets); default this process's. */
  env?: NodeJS.ProcessEnv;
  /** Each entry as it is known: sizes and fidelity after verification, then the final one. */
  onFormatResult?: (entry: FormatResult, info: { final: boolean }) => void | Promise<void>;
  /**
   * Each entry's stage as Node's engine reports its own (ProgressEvent, id `<impl>@<runtime>`):
   * generating (input shapes and code), verifying, measuring (detail `process i/n`), then done or
   * failed once its final entry was reported.
   */
  onProgress?: (e: ProgressEvent) => void;
}

export interface RuntimeRun {
  status: RuntimeStatus;
  formats: FormatResult[];
}

/**
 * Measures a dataset in one runtime (docs/polyglot.md): detect, write each input shape once,
 * generate code (cached), run `processes` children one after another, and turn what they report
 * into FormatResult entries with the same statistics, sizes and fidelity check as Node's.
 * A missing toolchain is a status, not an error; a child that fails fails its formats, never the run.
 */
export async function measureInRuntime(
  def: RuntimeDefinition,
  opts: MeasureInRuntimeOptions,
): Promise<RuntimeRun> {
  const limits = { ...runtimeLimits(), ...opts.limits };
  const settings: MeasureSettings = { ...defaultSettings, ...opts.settings };
  const found = await def
    .detect()
    .catch((err: Error) => ({ available: false, reason: err.message }) as const);
  const status: RuntimeStatus = { runtime: def.id, available: found.available };
  if ("version" in found && found.version) status.version = found.version;
  if (!found.available)
    return { status: { ...status, reason: found.reason ?? "not available" }, formats: [] };

  const slots = def.formats
    .filter((f) => !opts.formats || opts.formats.some((w) => picksRuntimeFormat(w, def.id, f)))
    .map((f) => newSlot(f, def.id));
  mkdirSync(opts.workDir, { recursive: true });
  const progress = (s: FormatSlot, phase: ProgressEvent["phase"], detail?: string) =>
    opts.onProgress?.({
      id: s.id,
      format: s.def.format,
      variant: s.def.impl,
      phase,
      ...(detail === undefined ? {} : { detail }),
    });
  for (const s of slots) progress(s, "generating");
  await prepareSlots(def, slots, opts, limits);

  await linkGenerated(def, slots, opts.signal);

  const processes = Math.max(1, opts.processes ?? settings.processes);
  let hello: Hello | undefined;
  const stamp = () => ({
    runtime: def.id,
    ...((hello?.runtimeVersion ?? status.version)
      ? { runtimeVersion: hello?.runtimeVersion ?? status.version }
      : {}),
    libraries: hello?.libraries ?? {},
  });
  for (let p = 0; p < processes; p++) {
    const standing = slots.filter((s) => !s.error);
    if (standing.length === 0 || opts.signal?.aborted) break;
    const workDir = join(opts.workDir, `process-${p}`);
    mkdirSync(workDir, { recursive: true });
    const dirs = generatedDirsOf(standing);
    const measuring = `process ${p + 1}/${processes}`;
    // Process 0 verifies each format, then times the ones verified; the others only time.
    for (const s of standing)
      progress(s, p === 0 ? "verifying" : "measuring", p === 0 ? undefined : measuring);
    const { exit, hello: said } = await runProcess(
      def.command(dirs),
      standing,
      {
        process: p,
        processes,
        settings: { ...settings, warmupMaxMs: warmupMaxMs(settings, processes, standing.length) },
        budgetMs: settings.budgetMs / processes,
        workDir,
        messageCount: opts.dataset.messages.length,
      },
      limits,
      `the ${def.id} child (process ${p})`,
      opts.signal,
      opts.env,
      (s) => progress(s, "measuring", measuring),
    );
    hello ??= said;
    if (!exit.completed) {
      for (const s of standing) s.error ??= exit.error;
      if (!status.reason && slots.every((s) => s.error)) status.reason = exit.error;
    }
    if (p === 0) {
      for (const s of standing)
        if (!s.verified && !s.error) s.error = `the ${def.id} child did not verify it`;
      for (const s of standing)
        if (!s.error)
          await opts.onFormatResult?.(await slotResult(s, opts.dataset, stamp(), false), { final: false });
    }
  }
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("the comparison was stopped");
  if (hello) {
    status.version = hello.runtimeVersion;
    status.libraries = hello.libraries;
  }
  const formats: FormatResult[] = [];
  for (const s of slots) {
    const entry = await slotResult(s, opts.dataset, stamp(), true);
    formats.push(entry);
    await opts.onFormatResult?.(entry, { final: true });
    progress(s, entry.ok ? "done" : "failed", entry.ok ? undefined : entry.error);
  }
  return { status, formats };
}

/** Input shapes (one file per shape, shared by its formats) and generated code, each failure per format. */
async function prepareSlots(
  def: RuntimeDefinition,
  slots: FormatSlot[],
  opts: MeasureInRuntimeOptions,
  limits: RuntimeLimits,
): Promise<void> {
  const shapes = new Map<InputShape, ShapedInput | string>();
  const generated = new Map<string, Promise<string | undefined>>();
  for (const s of slots) {
    const shape = s.def.input;
    if (!shapes.has(shape)) {
      try {
        shapes.set(shape, await shapeInput(opts.dataset, shape, join(opts.workDir, `input-${shape}`)));
      } catch (err) {
        shapes.set(shape, `the data does not fit the ${shape} input: ${(err as Error).message}`);
      }
    }
    const input = shapes.get(shape) as ShapedInput | string;
    if (typeof input === "string") {
      s.error = input;
      continue;
    }
    s.input = input;
    const schema = input.schema;
    if (!schema) continue;
    if (!generated.has(schema.file))
      generated.set(
        schema.file,
        prepareGenerated(def, schema, {
          cacheDir: limits.cacheDir,
          waitMs: limits.generateWaitMs,
          ...(opts.signal ? { signal: opts.signal } : {}),
        }),
      );
    try {
      const dir = await generated.get(schema.file);
      if (dir) s.generatedDir = dir;
    } catch (err) {
      s.error = `code generation failed: ${(err as Error).message}`;
    }
  }
}
