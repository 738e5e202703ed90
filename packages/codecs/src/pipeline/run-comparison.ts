import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import { defaultFirstMessageMaxBytes, type Result, type RunInstructions } from "@wirebench/contracts";
import type { Dataset } from "@wirebench/schemas";
import { defaultMaxAttributionPaths } from "../attribution/attribute-format.ts";
import { GeneratedCache } from "../codegen/generated-cache.ts";
import { toolVersions } from "../environment/collect-environment.ts";
import { bundledAdapterModules, measurementChildBundle } from "../harness/child-bundle.ts";
import { childIdentityWith, createWorkDir } from "../harness/child-sandbox.ts";
import { runChild } from "../harness/run-child.ts";
import {
  defaultLimits,
  defaultSettings,
  type Limits,
  type MeasureSettings,
  quickSettings,
} from "../harness/settings.ts";
import { TurnScheduler } from "../harness/turns.ts";
import { warmupMaxMs } from "../harness/warmup-cap.ts";
import { countRunInstructions, withInstructions } from "../instructions/count-run.ts";
import { registry, selectEntries } from "../registry/registry.ts";
import { assembleResult } from "./assemble-result.ts";
import { BudgetShares } from "./budget-shares.ts";
import { type BufferedSample, handleChildMessage, poolBuffered } from "./child-messages.ts";
import { costsOf, readFormatCosts, recordFormatCosts } from "./format-costs.ts";
import { FormatQueue } from "./format-queue.ts";
import { FormatReporter } from "./format-reporter.ts";
import { type FormatState, newFormatState, toFormatResult } from "./format-state.ts";
import type { DatasetFile, RunOptions } from "./run-options.ts";
import { WarmupClock } from "./warmup-clock.ts";

export type { DatasetFile, ProgressEvent, ProgressPhase, RunOptions } from "./run-options.ts";

/**
 * The whole pipeline for one dataset: per format, prepare (schema, code generation), verify the round
 * trip and sizes, then measure in child processes with limits. Formats that fail or cannot represent
 * the dataset get a per-format error; the run itself completes.
 */
export async function runComparison(dataset: Dataset | DatasetFile, opts: RunOptions = {}): Promise<Result> {
  const started = Date.now();
  // Never rejects: a missing tool is left out of the result.
  const tools = toolVersions();
  const settings: MeasureSettings = { ...(opts.quick ? quickSettings : defaultSettings), ...opts.settings };
  const limits: Limits = { ...defaultLimits, ...opts.limits };
  const entries = selectEntries([...(opts.entries ?? registry), ...(opts.extraEntries ?? [])], opts.formats);
  // Reused across runs (limits.cacheDir): the bundled child, and generated code when children run as
  // this process's user. Without them (no cache, a failed build) children start from the sources.
  // So do they when an entry's adapter is not in the bundle (a test's or a plugin's): decided for the
  // whole run, not per child, because a child may claim any entry from the queue.
  const allBundled = entries.every((e) => bundledAdapterModules.has(e.module));
  let bundle =
    limits.cacheDir && allBundled
      ? await measurementChildBundle(limits.cacheDir).catch(() => undefined)
      : undefined;
  const { identity, withBundle } = childIdentityWith(limits.childUser, bundle);
  if (!withBundle) bundle = undefined;
  const workDir = opts.workDir ?? createWorkDir(identity);
  mkdirSync(workDir, { recursive: true });
  const datasetPath = "path" in dataset ? dataset.path : join(workDir, "dataset.v8");
  if (!("path" in dataset)) writeFileSync(datasetPath, serialize(dataset));
  const messageCount = "path" in dataset ? dataset.messageCount : dataset.messages.length;
  const signal = opts.signal;
  const verifyOnly = opts.verifyOnly === true;
  let generated: GeneratedCache | undefined;
  try {
    if (bundle && !identity) generated = new GeneratedCache(limits.cacheDir, workDir, dataset.schema, bundle);
  } catch {
    // A cache folder this process cannot trust: generate as without one.
  }
  generated?.restore(entries.map((e) => e.format));

  const states = new Map<string, FormatState>(entries.map((entry) => [entry.id, newFormatState(entry)]));
  const reporter = new FormatReporter(opts);
  const processes = verifyOnly ? 1 : settings.processes;
  // Every replicate is split: the first verifies, so splitting it brings every size in sooner; a
  // later one alone on the machine (two processes) would otherwise prepare and warm up on one core.
  // A small dataset is prepared in moments: a second child would only add its start-up.
  const inputBytes = statSync(datasetPath).size;
  const shards = inputBytes >= settings.shardMinBytes ? settings.shards : 1;
  // A replicate's children take formats as they finish others (FormatQueue, one per replicate); only
  // code generators are fixed to a child. Unsharded, one child has them all.
  const costs = shards > 1 ? readFormatCosts(limits.cacheDir) : undefined;
  const queues = Array.from({ length: processes }, (_, p) =>
    costs ? new FormatQueue(entries, shards, costs, p > 0) : undefined,
  );
  // Later replicates' queues are priced by what warming each format up took in the first.
  const formatOf = new Map(entries.map((e) => [e.id, e.format]));
  const warmups = new WarmupClock((id) => formatOf.get(id));
  const groupsOf = (p: number) => queues[p]?.fixed ?? [entries];
  const groups = groupsOf(0);
  const turns = new TurnScheduler(Math.max(1, settings.parallelProcesses), settings.timeAlone);
  const budget = new BudgetShares(settings.budgetMs, processes, entries.length);
  /** A format is final once every replicate timed it (or it failed): report it then, not at the end. */
  // Counted formats are final once their counts are in, after every timed process.
  const counting = opts.metric === "instructions" && !verifyOnly;
  let instructions: RunInstructions | undefined;
  const settle = (st: FormatState) => {
    if (counting || st.error || st.final || st.completed < processes) return;
    reporter.report(st, true, () => reporter.emit(st, "done"));
  };
  /**
   * One child of replicate `p` measuring its group of formats, started again without the culprit if
   * one dies. Children run side by side; TurnScheduler keeps their timing apart.
   */
  const runGroup = async (p: number, g: number, group: typeof entries) => {
    let pending = group.filter((e) => !states.get(e.id)?.error);
    const queue = queues[p];
    /** The next format of the queue for this child, which holds it from now on (as if in its group). */
    const claim = () => {
      const warmed = p > 0 ? warmups.costs() : undefined;
      if (warmed && warmed.size > 0) queue?.price(warmed);
      const next = queue?.next(g) ?? [];
      pending.push(...next);
      return { entries: next, verify: p === 0 ? next.map((e) => e.id) : [] };
    };
    // A failed save fails the run anyway, so stop starting children once one has failed.
    while ((pending.length > 0 || (queue && !queue.empty)) && !reporter.saveError && !signal?.aborted) {
      const buffered: BufferedSample[] = [];
      const ctx = { states, reporter, process: p, processes, verifyOnly, buffered };
      const turn = await turns.start(p * groups.length + g);
      let wentAt: number | undefined;
      const outcome = await runChild(
        {
          entries: pending,
          datasetPath,
          workDir,
          // Bytes allocated per op hardly vary between processes; measuring them once saves seconds.
          settings: {
            ...settings,
            measureAllocations: settings.measureAllocations && p === 0,
            warmupMaxMs: warmupMaxMs(settings, processes, entries.length),
          },
          processes,
          // The first process verifies; the others start beside it and need not wait for its verdicts.
          verify: p === 0 ? pending.filter((e) => !states.get(e.id)?.verified).map((e) => e.id) : [],
          verifyOnly,
          claim: queue !== undefined,
          firstMessageMaxBytes: opts.firstMessageMaxBytes ?? defaultFirstMessageMaxBytes,
          maxAttributionPaths: opts.maxAttributionPaths ?? defaultMaxAttributionPaths,
          shippedSizes: opts.shippedSizes ?? true,
        },
        limits,
        (m) => {
          if (p === 0) warmups.observe(g, m);
          handleChildMessage({ ...ctx, maxArtifactBytes: opts.maxArtifactBytes }, m);
        },
        async () => {
          await turn.ready();
          wentAt = Date.now();
          return budget.grant(p, pending.length);
        },
        { identity, signal, bundle, ...(queue ? { claim } : {}) },
      ).finally(turn.exited);
      if (wentAt !== undefined) budget.spend(p, Date.now() - wentAt, outcome.completed ? pending.length : 0);
      if (signal?.aborted) return;
      if (outcome.completed) {
        poolBuffered(buffered);
        for (const e of pending) {
          const st = states.get(e.id) as FormatState;
          st.completed++;
          if (!verifyOnly) settle(st);
        }
        return;
      }
      if (outcome.culprit) {
        const st = states.get(outcome.culprit.id);
        if (st) reporter.fail(st, outcome.culprit.error);
      } else {
        for (const e of pending) {
          const st = states.get(e.id);
          if (st) reporter.fail(st, outcome.error ?? "measurement process failed");
        }
      }
      pending = pending.filter((e) => !states.get(e.id)?.error);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: processes }, (_, p) =>
        groupsOf(p).map((group, g) => runGroup(p, g, group)),
      ).flat(),
    );
    if (counting && !signal?.aborted && !reporter.saveError) {
      const run = { datasetPath, workDir, settings: opts.instructions, limits, identity, signal };
      instructions = await countRunInstructions(states, { ...run, parallel: settings.parallelProcesses });
    }
    // Failed formats were reported when they failed, verify-only ones when verified, the others
    // when their last replicate completed; whatever is left (none in a run that went well) now.
    if (!verifyOnly) {
      for (const e of entries) {
        const st = states.get(e.id) as FormatState;
        if (!st.error && !st.final) reporter.report(st, true, () => reporter.emit(st, "done"));
      }
    }
  } finally {
    generated?.save(entries.map((e) => e.format));
    await reporter.settled();
    if (!opts.workDir) rmSync(workDir, { recursive: true, force: true });
  }
  if (reporter.saveError) throw reporter.saveError.err;
  if (signal?.aborted) throw signal.reason ?? new Error("the comparison was stopped");

  const formats = entries.map((e) => {
    const st = states.get(e.id) as FormatState;
    return st.final ?? toFormatResult(st, verifyOnly);
  });
  const result = assembleResult({
    entries,
    formats,
    settings,
    limits,
    quick: opts.quick === true,
    verifyOnly,
    started,
    messageCount,
    schema: dataset.schema,
    tools: await tools,
  });
  if (!verifyOnly) recordFormatCosts(limits.cacheDir, costsOf(result.formats, inputBytes));
  return withInstructions(result, instructions);
}
