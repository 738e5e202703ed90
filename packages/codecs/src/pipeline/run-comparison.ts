import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import type { Dataset } from "@wirebench/schemas";
import { compilerVersions, gitCommit, libraryVersion, machine } from "../environment/collect-environment.ts";
import { chooseChildIdentity, createWorkDir } from "../harness/child-sandbox.ts";
import type { ChildMessage, Op } from "../harness/protocol.ts";
import { runChild } from "../harness/run-child.ts";
import {
  defaultLimits,
  defaultSettings,
  type Limits,
  type MeasureSettings,
  quickSettings,
} from "../harness/settings.ts";
import { type SampleSet, summarize } from "../harness/statistics.ts";
import { TurnScheduler } from "../harness/turns.ts";
import { type RegistryEntry, registry, selectEntries } from "../registry/registry.ts";
import { capArtifacts, defaultMaxArtifactBytes } from "../result/cap-artifacts.ts";
import {
  type Artifact,
  defaultFirstMessageMaxBytes,
  type Fidelity,
  type FirstMessage,
  type FormatResult,
  type Limitation,
  type Rename,
  type Result,
  type SizeDetail,
} from "../result/result-schema.ts";

export type ProgressPhase = "generating" | "verifying" | "measuring" | "done" | "failed";

export interface ProgressEvent {
  id: string;
  format: string;
  variant: string;
  phase: ProgressPhase;
  /** e.g. "process 2/3" while measuring, or the error when failed. */
  detail?: string;
}

export interface RunOptions {
  /** Registry ids or format names (all variants). Default: every variant. */
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
  /** Cap on one format's `artifacts` (schema and generated code text), in bytes. Default 256 KiB. */
  maxArtifactBytes?: number;
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

interface FormatState {
  entry: RegistryEntry;
  error?: string;
  artifacts: Artifact[];
  notes: string[];
  limitations: Limitation[];
  renames: Rename[];
  hasAccess: boolean;
  verified?: { fidelity: Fidelity; sizes: SizeDetail; meanBytes: number; firstMessage?: FirstMessage };
  samples: Record<Op, SampleSet[]>;
  alloc: Record<Op, (number | null)[]>;
  announced: Set<string>;
  /** The entry of the last final report, so the Result reuses it instead of bootstrapping again. */
  final?: FormatResult;
}

const OPS: Op[] = ["encode", "decode", "access"];

/**
 * The whole pipeline for one dataset: per format, prepare (schema, code generation), verify the round
 * trip and sizes, then measure in child processes with limits. Formats that fail or cannot represent
 * the dataset get a per-format error; the run itself completes.
 */
export async function runComparison(dataset: Dataset | DatasetFile, opts: RunOptions = {}): Promise<Result> {
  const started = Date.now();
  const settings: MeasureSettings = { ...(opts.quick ? quickSettings : defaultSettings), ...opts.settings };
  const limits: Limits = { ...defaultLimits, ...opts.limits };
  const entries = selectEntries([...(opts.entries ?? registry), ...(opts.extraEntries ?? [])], opts.formats);
  const { identity } = chooseChildIdentity(limits.childUser);
  const workDir = opts.workDir ?? createWorkDir(identity);
  mkdirSync(workDir, { recursive: true });
  const datasetPath = "path" in dataset ? dataset.path : join(workDir, "dataset.v8");
  if (!("path" in dataset)) writeFileSync(datasetPath, serialize(dataset));
  const messageCount = "path" in dataset ? dataset.messageCount : dataset.messages.length;
  const signal = opts.signal;

  const states = new Map<string, FormatState>(
    entries.map((entry) => [
      entry.id,
      {
        entry,
        artifacts: [],
        notes: [],
        limitations: [],
        renames: [],
        hasAccess: false,
        samples: { encode: [], decode: [], access: [] },
        alloc: { encode: [], decode: [], access: [] },
        announced: new Set(),
      },
    ]),
  );
  const emit = (st: FormatState, phase: ProgressPhase, detail?: string) => {
    const e: ProgressEvent = { id: st.entry.id, format: st.entry.format, variant: st.entry.variant, phase };
    if (detail !== undefined) e.detail = detail;
    opts.onProgress?.(e);
  };
  // Child messages arrive through a synchronous callback, but saving an entry is asynchronous: chain
  // the saves so they land in order (a verified entry never overwrites the final one), and keep the
  // first error for the end instead of leaving a rejected promise unhandled while children run.
  let saves = Promise.resolve();
  let saveError: { err: unknown } | undefined;
  const report = (st: FormatState, final: boolean, after?: () => void) => {
    const entry = toFormatResult(st, opts.verifyOnly === true);
    if (final) st.final = entry;
    saves = saves
      .then(async () => {
        if (saveError) return;
        await opts.onFormatResult?.(entry, { final });
        after?.();
      })
      .catch((err: unknown) => {
        saveError ??= { err };
      });
  };
  const fail = (st: FormatState, error: string) => {
    if (st.error) return;
    st.error = error;
    report(st, true, () => emit(st, "failed", error));
  };

  const processes = opts.verifyOnly ? 1 : settings.processes;
  const turns = new TurnScheduler(Math.max(1, settings.parallelProcesses));
  /**
   * One process of the run: a child measuring every format still standing, started again without
   * the culprit if one dies. Processes run side by side; TurnScheduler keeps their timing apart.
   */
  const runProcess = async (p: number) => {
    let pending = entries.filter((e) => !states.get(e.id)?.error);
    // A failed save fails the run anyway, so stop starting children once one has failed.
    while (pending.length > 0 && !saveError && !signal?.aborted) {
      // Samples of a child that dies are discarded: only complete processes are pooled.
      const buffered: { st: FormatState; op: Op; set?: SampleSet; alloc?: number | null }[] = [];
      const onMessage = (m: ChildMessage) => {
        if (m.type === "done" || m.type === "ready") return;
        const st = states.get(m.id);
        if (!st) return;
        switch (m.type) {
          case "step": {
            const phase =
              m.step === "prepare" ? "generating" : m.step === "verify" ? "verifying" : "measuring";
            const key = `${phase}:${p}`;
            if (!st.announced.has(key) && (phase !== "generating" || p === 0)) {
              st.announced.add(key);
              emit(st, phase, phase === "measuring" ? `process ${p + 1}/${processes}` : undefined);
            }
            break;
          }
          case "prepared": {
            const capped = capArtifacts(m.artifacts, opts.maxArtifactBytes ?? defaultMaxArtifactBytes);
            st.artifacts = capped.artifacts;
            st.notes = capped.note ? [...m.notes, capped.note] : m.notes;
            st.limitations = m.limitations;
            st.renames = m.renames;
            st.hasAccess = m.hasAccess;
            break;
          }
          case "verified":
            st.verified = { fidelity: m.fidelity, sizes: m.sizes, meanBytes: m.meanBytes };
            if (m.firstMessage) st.verified.firstMessage = m.firstMessage;
            if (st.error) break;
            // In a verify-only run nothing follows verification: this entry is the final one.
            if (opts.verifyOnly) report(st, true, () => emit(st, "done"));
            else report(st, false);
            break;
          case "samples":
            buffered.push({
              st,
              op: m.op,
              set: {
                process: p,
                round: m.round,
                nsPerOp: m.nsPerOp,
                iterations: m.iterations,
                warmupStable: m.warmupStable,
              },
            });
            break;
          case "alloc":
            buffered.push({ st, op: m.op, alloc: m.bytesPerOp });
            break;
          case "failed":
            fail(st, m.error);
            break;
        }
      };
      const turn = await turns.start(p);
      const outcome = await runChild(
        {
          entries: pending,
          datasetPath,
          workDir,
          // Bytes allocated per op hardly vary between processes; measuring them once saves seconds.
          settings: { ...settings, measureAllocations: settings.measureAllocations && p === 0 },
          // The first process verifies; the others start beside it and need not wait for its verdicts.
          verify: p === 0 ? pending.filter((e) => !states.get(e.id)?.verified).map((e) => e.id) : [],
          verifyOnly: opts.verifyOnly === true,
          firstMessageMaxBytes: opts.firstMessageMaxBytes ?? defaultFirstMessageMaxBytes,
        },
        limits,
        onMessage,
        turn.ready,
        { identity, signal },
      ).finally(turn.exited);
      if (signal?.aborted) return;
      if (outcome.completed) {
        for (const b of buffered) {
          if (b.set) b.st.samples[b.op].push(b.set);
          if (b.alloc !== undefined) b.st.alloc[b.op].push(b.alloc);
        }
        return;
      }
      if (outcome.culprit) {
        const st = states.get(outcome.culprit.id);
        if (st) fail(st, outcome.culprit.error);
      } else {
        for (const e of pending) {
          const st = states.get(e.id);
          if (st) fail(st, outcome.error ?? "measurement process failed");
        }
      }
      pending = pending.filter((e) => !states.get(e.id)?.error);
    }
  };
  try {
    await Promise.all(Array.from({ length: processes }, (_, p) => runProcess(p)));
    // Failed formats were reported when they failed, and verify-only ones when verified.
    if (!opts.verifyOnly) {
      for (const e of entries) {
        const st = states.get(e.id) as FormatState;
        if (!st.error) report(st, true, () => emit(st, "done"));
      }
    }
  } finally {
    await saves;
    if (!opts.workDir) rmSync(workDir, { recursive: true, force: true });
  }
  if (saveError) throw saveError.err;
  if (signal?.aborted) throw signal.reason ?? new Error("the comparison was stopped");

  const formats = entries.map((e) => {
    const st = states.get(e.id) as FormatState;
    return st.final ?? toFormatResult(st, opts.verifyOnly === true);
  });
  const libraries: Record<string, string> = {};
  for (const lib of new Set([...entries.map((e) => e.library), "simple-statistics", "@bokuweb/zstd-wasm"])) {
    libraries[lib] = libraryVersion(lib);
  }
  return {
    status: "completed",
    environment: {
      ...machine(),
      gitCommit: gitCommit(),
      libraries,
      compilers: compilerVersions(),
      settings: { ...settings, ...limits, quick: opts.quick === true, verifyOnly: opts.verifyOnly === true },
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
    },
    formats,
    noise: noiseOf(formats),
    dataset: { messages: messageCount, schemaName: dataset.schema.name },
    ...(dataset.schema.limitations?.length ? { limitations: dataset.schema.limitations } : {}),
  };
}

function toFormatResult(st: FormatState, verifyOnly: boolean): FormatResult {
  const e = st.entry;
  const v = st.verified;
  const base: FormatResult = {
    id: e.id,
    format: e.format,
    variant: e.variant,
    library: e.library,
    version: libraryVersion(e.library),
    ok: !st.error,
    bytes: v?.sizes.dataset.raw ?? 0,
    compressed: v
      ? { gzip: v.sizes.dataset.gzip, brotli: v.sizes.dataset.brotli, zstd: v.sizes.dataset.zstd }
      : { gzip: 0, brotli: 0, zstd: 0 },
    encode: null,
    decode: null,
    fidelity: v?.fidelity ?? { exact: false, issues: [], issueCount: 0, lossyCount: 0 },
  };
  if (st.error) base.error = st.error;
  if (e.minimalVariant) base.minimalVariant = e.minimalVariant;
  if (v) base.sizes = v.sizes;
  if (v?.firstMessage) base.firstMessage = v.firstMessage;
  if (st.artifacts.length) base.artifacts = st.artifacts;
  if (st.notes.length) base.notes = st.notes;
  if (st.limitations.length) base.limitations = st.limitations;
  if (st.renames.length) base.renames = st.renames;
  if (st.error || verifyOnly || !v) return base;
  const timing = (op: Op) => {
    const allocs = st.alloc[op].filter((a): a is number => a !== null).sort((a, b) => a - b);
    const alloc = st.alloc[op].length === 0 ? undefined : (allocs[Math.floor(allocs.length / 2)] ?? null);
    return summarize(st.samples[op], v.meanBytes, alloc);
  };
  base.encode = timing("encode");
  base.decode = timing("decode");
  if (st.hasAccess) base.access = timing("access");
  return base;
}

function noiseOf(formats: FormatResult[]): Result["noise"] {
  const med = (xs: number[]) => {
    if (xs.length === 0) return null;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)] as number;
  };
  const timings = formats.flatMap((f) => OPS.map((op) => f[op]).filter((t) => t != null));
  return {
    betweenProcesses: med(timings.flatMap((t) => (t.processSpread === undefined ? [] : [t.processSpread]))),
    betweenRounds: med(timings.flatMap((t) => (t.roundSpread === undefined ? [] : [t.roundSpread]))),
    ciWidth: med(timings.map((t) => (t.ciHighNs - t.ciLowNs) / t.medianNs)),
  };
}
