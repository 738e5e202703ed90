import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DatasetFile, ProgressEvent } from "@wirebench/codecs";
import {
  type FormatResult,
  isFinishedStage,
  type Result,
  type RuntimeId,
  type RuntimeStatus,
  type StoredRunOptions,
} from "@wirebench/contracts";
import { type ByteReference, crossRuntimeBytes, nodeRuntimeOf } from "@wirebench/runtimes";
import { type ChildBounds, runBoundedChild, whyChildEnded } from "./run-bounded-child.ts";
import type { RuntimesMessage, RuntimesRequest } from "./runtimes-protocol.ts";

export const runtimesChildEntry = fileURLToPath(new URL("./measure-runtimes-child.ts", import.meta.url));

/** The settings behind the runtimes child's bounds (README "Settings"), named when one stops it. */
export const runtimesBoundNames = {
  heapMb: "WORKER_RUNTIMES_HEAP_MB",
  rssMb: "WORKER_RUNTIMES_RSS_MB",
  timeoutMs: "WORKER_RUNTIMES_TIMEOUT_MS",
} as const;

/**
 * The worker's settings the runtimes read in the child (step timeout, code cache, Java heap,
 * instruction counting) and the toolchains' own homes; the child's environment is otherwise the
 * minimal one, so the database and Redis URLs and tokens stay out.
 */
const runtimeSetting =
  /^(WIREBENCH_(RUNTIME|JAVA|INSTRUCTION|VALGRIND|CACHE_DIR)\w*|JAVA_HOME|CARGO_HOME|RUSTUP_HOME|GOROOT|GOPATH)$/;
const runtimeEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (kv): kv is [string, string] => runtimeSetting.test(kv[0]) && kv[1] !== undefined,
    ),
  );

export interface MeasureRuntimesContext {
  workDir: string;
  formats?: string[];
  signal: AbortSignal;
  /** WORKER_RUNTIMES_HEAP_MB, WORKER_RUNTIMES_RSS_MB, WORKER_RUNTIMES_TIMEOUT_MS. */
  bounds: ChildBounds;
  onResult: (e: FormatResult) => Promise<void>;
  /** Each runtime entry's stage, by its id (`orjson@python`), as Node's are reported. */
  onProgress?: (id: string, phase: ProgressEvent["phase"]) => void;
}

/**
 * `options.runtimes` (docs/polyglot.md): after Node's comparison, the other runtimes asked for, one
 * after another, in a bounded child (heap, resident memory of it and every toolchain it starts, wall
 * clock) so a runtime that leaks or hangs cannot take the worker down. Each entry is saved as its
 * FormatResult row as it lands (sizes first, then timed), then Node's rows again with `runtime:
 * "node"`. A missing runtime is a status in the result, not a failed run; so is a child stopped by a
 * bound: the run completes with Node's results and every entry that was done, and each runtime not
 * done says which limit stopped it (as does each of its entries still unfinished).
 */
export async function measureRuntimes(
  result: Result,
  dataset: DatasetFile,
  options: StoredRunOptions,
  ctx: MeasureRuntimesContext,
): Promise<Result> {
  // Node's rows are saved while it measures, so the worker's result always has them: Node is listed too.
  const runtimes: RuntimeId[] = [...new Set(["node" as const, ...(options.runtimes ?? [])])];
  const request: RuntimesRequest = {
    node: result,
    datasetPath: dataset.path,
    runtimes,
    ...(ctx.formats ? { formats: ctx.formats } : {}),
    quick: !!options.quick,
    instructions: options.metric === "instructions",
    workDir: join(ctx.workDir, "runtimes"),
  };
  const entries = new Map<string, { entry: FormatResult; final: boolean }>();
  const statuses = new Map<RuntimeId, RuntimeStatus>();
  const stages = new Map<string, ProgressEvent["phase"]>();
  let references: ByteReference[] = [];
  let outcome: Result | undefined;
  let failure: string | undefined;
  // Saved in the order they came; a failed save fails the run once the child is done.
  let saving = Promise.resolve();
  const after = (step: () => void | Promise<void>) => {
    saving = saving.then(step);
    saving.catch(() => {});
  };
  const save = (entry: FormatResult) => after(() => ctx.onResult(entry));
  const exit = await runBoundedChild<RuntimesMessage>(runtimesChildEntry, request, {
    bounds: ctx.bounds,
    signal: ctx.signal,
    env: runtimeEnv(),
    onMessage: (m) => {
      if (m.type === "references") references = m.references;
      // Through the save chain: a stage lands after the entry the child reported before it ("done" after the final save).
      else if (m.type === "progress") {
        stages.set(m.event.id, m.event.phase);
        after(() => ctx.onProgress?.(m.event.id, m.event.phase));
      } else if (m.type === "entry") {
        entries.set(m.entry.id, { entry: m.entry, final: m.final });
        save(m.entry);
      } else if (m.type === "runtime") statuses.set(m.status.runtime, m.status);
      else if (m.type === "done") outcome = m.result;
      else failure = m.message;
    },
  });
  await saving;
  const out =
    outcome ??
    stoppedRuntimes(result, runtimes, entries, statuses, {
      references,
      reason: `measuring in other runtimes ${failure ? `failed: ${failure}` : whyChildEnded(exit, ctx.bounds, runtimesBoundNames)}`,
      save,
    });
  // A format the stopped child was still on stays at its last stage otherwise ("measuring" forever).
  if (!outcome)
    for (const [id, phase] of stages)
      if (!isFinishedStage(phase)) after(() => ctx.onProgress?.(id, "failed"));
  await saving;
  for (const f of out.formats) if (f.runtime === "node") await ctx.onResult(f);
  return out;
}

/**
 * The result of a runtimes child that ended early: Node's entries, every other entry that was done,
 * each unfinished one failed with `reason` (and saved so), and the runtimes without a status
 * unavailable for that reason.
 */
function stoppedRuntimes(
  node: Result,
  runtimes: RuntimeId[],
  entries: Map<string, { entry: FormatResult; final: boolean }>,
  statuses: Map<RuntimeId, RuntimeStatus>,
  ctx: { references: ByteReference[]; reason: string; save: (entry: FormatResult) => void },
): Result {
  const nodeSide = nodeRuntimeOf(node);
  const others: FormatResult[] = [];
  for (const { entry, final } of entries.values()) {
    if (final) {
      others.push(entry);
      continue;
    }
    const failed: FormatResult = { ...entry, ok: false, error: ctx.reason, encode: null, decode: null };
    if (failed.access !== undefined) failed.access = null;
    ctx.save(failed);
    others.push(failed);
  }
  const runtimeStatuses = runtimes.map(
    (id): RuntimeStatus =>
      id === "node"
        ? nodeSide.status
        : (statuses.get(id) ?? {
            runtime: id,
            available: false,
            ...versionOf(others, id),
            reason: ctx.reason,
          }),
  );
  return {
    ...node,
    formats: [...nodeSide.entries, ...others],
    runtimes: runtimeStatuses,
    crossRuntime: crossRuntimeBytes([...nodeSide.entries, ...others], ctx.references),
  };
}

const versionOf = (entries: FormatResult[], runtime: RuntimeId) => {
  const version = entries.find((e) => e.runtime === runtime)?.runtimeVersion;
  return version ? { version } : {};
};
