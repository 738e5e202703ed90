import { rmSync } from "node:fs";
import {
  chooseChildIdentity,
  createWorkDir,
  type FormatResult,
  type Limits,
  measureSweep,
  registry,
  runComparison,
  type SweepLimits,
  selectEntries,
  workDirPrefix,
} from "@wirebench/codecs";
import { checkContract, storedRunOptionsSchema } from "@wirebench/contracts";
import { planRunFormats } from "@wirebench/runtimes/formats";
import { encodeIr } from "@wirebench/schemas";
import type { WorkerEnv } from "../env.ts";
import type { RunPipeline } from "./handle-run-job.ts";
import { measureRuntimes } from "./measure-runtimes.ts";
import { measureTransports, transportStage } from "./measure-transports.ts";
import { type PrepareBounds, prepareChildEntry, prepareDataset } from "./prepare-dataset.ts";
import type { ChildBounds } from "./run-bounded-child.ts";

/** A run's work dir is `<tmp>/wirebench-run-<run id>-XXXXXX`, so sweepWorkDirs can tell whose it is. */
export const runWorkDirPrefix = (runId: string) => `${workDirPrefix}run-${runId}-`;

export interface PipelineSettings {
  prepare: PrepareBounds;
  /** Bounds of the child measuring other runtimes (options.runtimes). */
  runtimes: ChildBounds;
  measure: Partial<Limits>;
  /** User children run as when the worker is root (see chooseChildIdentity). */
  childUser: string;
  /** Schema and generated-code text kept per format in a result, in bytes. */
  maxArtifactBytes: number;
  /** Bounds of a size sweep (WIREBENCH_SWEEP_MAX_SIZE, WIREBENCH_SWEEP_MAX_POINTS). */
  sweep: SweepLimits;
  /** The broker transport's Redis, and how long one format may take on one transport. */
  transport: { redisUrl: string; formatTimeoutMs: number };
}

export function pipelineSettings(env: WorkerEnv): PipelineSettings {
  return {
    prepare: {
      heapMb: env.WORKER_PREPARE_HEAP_MB,
      rssMb: env.WORKER_PREPARE_RSS_MB,
      rssPollMs: 200,
      timeoutMs: env.WORKER_PREPARE_TIMEOUT_MS,
    },
    runtimes: {
      heapMb: env.WORKER_RUNTIMES_HEAP_MB,
      rssMb: env.WORKER_RUNTIMES_RSS_MB,
      rssPollMs: 200,
      timeoutMs: env.WORKER_RUNTIMES_TIMEOUT_MS,
    },
    measure: {
      memoryMb: env.WORKER_MEASURE_HEAP_MB,
      rssMb: env.WORKER_MEASURE_RSS_MB,
      childUser: env.WIREBENCH_CHILD_USER,
    },
    childUser: env.WIREBENCH_CHILD_USER,
    maxArtifactBytes: env.WORKER_MAX_ARTIFACT_BYTES,
    sweep: { maxSize: env.WIREBENCH_SWEEP_MAX_SIZE, maxPoints: env.WIREBENCH_SWEEP_MAX_POINTS },
    transport: { redisUrl: env.REDIS_URL, formatTimeoutMs: env.WORKER_TRANSPORT_FORMAT_TIMEOUT_MS },
  };
}

/** Whom children run as, checked once at start so the log says it (and why not, as root). */
export function childIdentityOf(settings: PipelineSettings) {
  return chooseChildIdentity(settings.childUser, [prepareChildEntry]);
}

/**
 * The worker's pipeline. Nothing heavy runs in the worker process: a bounded child parses, infers or
 * synthesizes the dataset into the run's work dir, then the codec engine measures each format in
 * bounded children of its own, and other runtimes are measured in one more bounded child. Each format's stage is reported as it changes, and its FormatResult row
 * is saved as soon as the format is verified or failed, then overwritten with the timed entry; the
 * codec engine reports a format `done` only after that final save. The work dir goes on every path
 * (a killed worker's is swept at its next start, see sweepWorkDirs).
 */
export function createRunPipeline(settings: PipelineSettings): RunPipeline {
  return async (run, hooks) => {
    // Read through the contract the web wrote them with; a mismatch fails the run, saying where.
    const options = checkContract(storedRunOptionsSchema, run.options ?? {}, "the run's stored options");
    // The web checked the names with the same plan; Node's stages (sweep too) take Node's part.
    const plan = planRunFormats(run.formats, options.runtimes);
    const formats = plan.node;
    for (const e of selectEntries(registry, formats)) hooks.onProgress(e.id, "queued");
    const { identity } = childIdentityOf(settings);
    const workDir = createWorkDir(identity, runWorkDirPrefix(run.id));
    try {
      const input = { sampleText: run.sampleText, schemaText: run.schemaText, inputKind: run.inputKind };
      const settled = new Map<string, FormatResult>();
      const dataset = await prepareDataset(
        input,
        options.sweep ? { ...options, sweepLimits: settings.sweep } : options,
        {
          workDir,
          identity,
          bounds: settings.prepare,
          signal: hooks.signal,
        },
      );
      const nodeResult = await runComparison(dataset, {
        formats,
        quick: !!options.quick,
        metric: options.metric === "instructions" ? "instructions" : "time",
        limits: settings.measure,
        maxArtifactBytes: settings.maxArtifactBytes,
        workDir,
        signal: hooks.signal,
        onProgress: (e) => hooks.onProgress(e.id, e.phase),
        onFormatResult: (entry, { final }) => {
          if (final) settled.set(entry.id, entry);
          return hooks.onResult(entry);
        },
      });
      // Other runtimes after Node's timed rounds, so no two measurements share the machine.
      const result = options.runtimes
        ? await measureRuntimes(nodeResult, dataset, options, {
            workDir,
            ...(plan.runtimes ? { formats: plan.runtimes } : {}),
            signal: hooks.signal,
            bounds: settings.runtimes,
            onResult: hooks.onResult,
            onProgress: hooks.onProgress,
          })
        : nodeResult;
      const transport = options.transport
        ? await measureTransports(dataset, transportStage(settings, options, settled, hooks))
        : undefined;
      // The sweep comes after the whole comparison, one quick comparison per size; a sweep that
      // cannot run (no such field) is reported in its place, the run's own result stands.
      const prepared = dataset.sweep;
      const sweep = !prepared
        ? undefined
        : "error" in prepared
          ? { error: prepared.error }
          : await measureSweep(
              {
                path: prepared.path,
                sampleLength: prepared.sampleLength,
                points: prepared.points.map((p) => ({
                  size: p.size,
                  dataset: { path: p.path, schema: dataset.schema, messageCount: 1 },
                })),
              },
              { ...(formats ? { formats } : {}), limits: settings.measure, workDir, signal: hooks.signal },
            );
      // Shared types by reference: written out plainly, a 1.7 KB schema's IR was 165 MB.
      // How instruction counts went (or why valgrind was unavailable) rides with the environment.
      const instructions = result.instructions ? { instructions: result.instructions } : {};
      return {
        ir: encodeIr(dataset.schema),
        environment: {
          ...result.environment,
          noise: result.noise,
          ...(transport ? { transport } : {}),
          ...(result.runtimes ? { runtimes: result.runtimes, crossRuntime: result.crossRuntime ?? [] } : {}),
          ...instructions,
        },
        ...(sweep ? { sweep } : {}),
      };
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  };
}
