import type { FormatResult, ProgressPhase } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import type { Limits, MeasureSettings } from "../harness/settings.ts";
import type { InstructionSettings } from "../instructions/settings.ts";
import type { RegistryEntry } from "../registry/registry.ts";

/** The stages the engine reports (the contract's step table, less `queued`, which the worker sets). */
export type { ProgressPhase } from "@wirebench/contracts";

export interface ProgressEvent {
  id: string;
  format: string;
  variant: string;
  phase: ProgressPhase;
  /** e.g. "process 2/3" while measuring, or the error when failed. */
  detail?: string;
}

/** What a run measures besides sizes: wall-clock time, or wall-clock time and instruction counts. */
export const metrics = ["time", "instructions"] as const;
export type Metric = (typeof metrics)[number];

export interface RunOptions {
  /** Registry ids or format names (all variants). Default: every variant; an empty list: none. */
  formats?: string[];
  /** Coarse answer in seconds: one child process, short warm-up and samples. Default false. */
  quick?: boolean;
  /** Overrides of the measurement settings (after `quick` is applied). */
  settings?: Partial<MeasureSettings>;
  limits?: Partial<Limits>;
  onProgress?: (e: ProgressEvent) => void;
  /** Where schemas and generated code go; kept when given, otherwise a temp dir removed at the end. */
  workDir?: string;
  /** Only prepare, round-trip and size every format; no timing (fast, for correctness checks). */
  verifyOnly?: boolean;
  /** Additional adapters (tests, plugins), appended to the registry. */
  extraEntries?: RegistryEntry[];
  /** Replace the registry entirely (tests). */
  entries?: RegistryEntry[];
  /**
   * Lets a caller persist each format as soon as it settles instead of waiting for the whole run.
   * Called with a format's entry (valid against `formatResultSchema`, keyed by `entry.id`): once with
   * `final: false` when it has been verified (sizes, fidelity, first message; `encode`/`decode` still
   * null), and once with `final: true` when it is settled: failed, or its timings aggregated after
   * the last child process (in `verifyOnly` runs, the verified entry again). The last call for an id
   * wins. Calls are awaited one after another, in order; a rejection fails the whole comparison.
   * The `done`/`failed` progress event of a format is emitted only after its final call resolved,
   * so a consumer that sees `done` can read the saved entry. Default: none.
   */
  onFormatResult?: (entry: FormatResult, info: { final: boolean }) => void | Promise<void>;
  /** Cap on `firstMessage` (the first encoded message kept for a byte view). Default 4096 bytes. */
  firstMessageMaxBytes?: number;
  /**
   * Field paths kept in each format's `attribution`; the rest are summed into `(other paths)`, so a
   * map-like object with thousands of distinct keys cannot blow up a result. Default 500.
   */
  maxAttributionPaths?: number;
  /** Cap on one format's `artifacts` (schema and generated code text), in bytes. Default 256 KiB. */
  maxArtifactBytes?: number;
  /**
   * Sizes as shipped (`framed`, `batched`, `dictionary`; docs/framing.md), computed while verifying.
   * Default true; the size sweep turns them off to keep its points cheap.
   */
  shippedSizes?: boolean;
  /**
   * `instructions` also counts instructions per call of every operation under callgrind, in fresh
   * processes after the timed ones (docs/instructions.md). Default `time`: wall-clock timings only.
   */
  metric?: Metric;
  /** Overrides of the instruction-count settings (valgrind path, processes, segment size). */
  instructions?: Partial<InstructionSettings>;
  /** Aborting kills the children and rejects the comparison with the signal's reason. Default: none. */
  signal?: AbortSignal;
}

/**
 * A dataset already written (`v8.serialize`) to `path` by someone else, e.g. a bounded child that
 * parsed or synthesized it, so that this process never holds the messages.
 */
export interface DatasetFile {
  path: string;
  schema: Dataset["schema"];
  messageCount: number;
}
