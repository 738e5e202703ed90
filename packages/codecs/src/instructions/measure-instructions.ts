import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { FormatInstructions, OpInstructions, RunInstructions } from "@wirebench/contracts/result";
import type { ChildIdentity } from "../harness/child-sandbox.ts";
import type { Op } from "../harness/protocol.ts";
import type { Limits } from "../harness/settings.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { bundleCountChild } from "./bundle-child.ts";
import { countProcess, type ProcessCounts } from "./count-process.ts";
import { generateBeforeCounting } from "./generate-code.ts";
import type { InstructionSettings } from "./settings.ts";
import { checkValgrind } from "./valgrind-version.ts";

export const instructionsMethod =
  "callgrind; per call = the cheapest of 4 segments of N calls ÷ N after warm-up segments settled within 1 %, each segment between native markers (dump-before uv_os_getpriority) and started with an empty young generation; the cheapest of fresh processes, more of them (up to maxProcesses) until a second confirms it within noisySpread";

export interface InstructionsOutcome {
  run: RunInstructions;
  formats: Map<string, FormatInstructions>;
}

/**
 * Counts instructions per call of every operation of `entries`, each format in
 * `settings.processes` fresh callgrind processes of its own (at most `parallel` at once, format
 * after format), then in one more at a time, up to `settings.maxProcesses`, while some operation's
 * cheapest count is unconfirmed; and pools them: the cheapest per operation, the spread between
 * processes and a `noisy` flag when no second process came within `noisySpread` of the cheapest.
 * A format whose process fails or runs out of `formatTimeoutMs`
 * gets that reason as its `error`; the other formats still count. Without valgrind the outcome says
 * so (`available: false`) and holds no formats.
 */
export async function measureInstructions(
  entries: RegistryEntry[],
  datasetPath: string,
  workDir: string,
  settings: InstructionSettings,
  limits: Limits,
  opts: { identity?: ChildIdentity | undefined; signal?: AbortSignal | undefined; parallel?: number } = {},
): Promise<InstructionsOutcome> {
  const started = Date.now();
  const check = checkValgrind(settings.valgrindPath);
  if (!check.available) {
    return {
      run: { available: false, reason: check.reason, method: instructionsMethod },
      formats: new Map(),
    };
  }
  const processes = Math.max(2, settings.processes);
  const formats = new Map<string, FormatInstructions>();
  const dirOf = new Map(entries.map((entry, f) => [entry.id, join(workDir, `instructions-${f}`)]));
  const bundles = new Map<string, Promise<{ bundle: string; generateError?: string }>>();
  const results = new Map<string, ProcessCounts[]>();
  const countOnce = async ({ entry, k }: { entry: RegistryEntry; k: number }) => {
    const dir = dirOf.get(entry.id) as string;
    let counts: ProcessCounts;
    if (opts.signal?.aborted) counts = { perOp: new Map(), failed: new Map(), error: "the run was stopped" };
    else
      try {
        // One bundle per format: a module that fails to load fails its own format only. A format
        // that generates code does so once, before any of its counting processes starts
        // (generate-code.ts).
        // The others keep what little they write in the process's own folder (made and, for a
        // sandboxed child, handed to its user by countProcess).
        const shared = entry.generatesCode !== false;
        const job = { datasetPath, settings, codeDir: join(dir, shared ? "code" : `p${k}`) };
        if (!bundles.has(entry.id))
          bundles.set(
            entry.id,
            bundleFor(entry, dir).then(async (bundle) => {
              if (!shared) return { bundle };
              const generateError = await generateBeforeCounting(
                bundle,
                entry,
                job,
                job.codeDir,
                settings,
                limits,
                opts,
              );
              return generateError ? { bundle, generateError } : { bundle };
            }),
          );
        const { bundle, generateError } = await (bundles.get(entry.id) as Promise<{
          bundle: string;
          generateError?: string;
        }>);
        counts = generateError
          ? { perOp: new Map(), failed: new Map([[entry.id, generateError]]) }
          : await countProcess(bundle, [entry], job, join(dir, `p${k}`), settings, limits, {
              ...opts,
              layout: k,
            });
      } catch (err) {
        counts = { perOp: new Map(), failed: new Map([[entry.id, (err as Error).message]]) };
      }
    results.set(entry.id, [...(results.get(entry.id) ?? []), counts]);
  };
  const width = Math.max(1, opts.parallel ?? processes);
  // Jobs in format order, so a format's processes run side by side and its counts are pooled early.
  await runPool(
    entries.flatMap((entry) => Array.from({ length: processes }, (_, k) => ({ entry, k }))),
    width,
    countOnce,
  );
  // Then one more process at a time for formats whose cheapest count is not confirmed yet.
  for (let k = processes; k < settings.maxProcesses && !opts.signal?.aborted; k++) {
    const unconfirmed = entries.filter((e) => {
      const pooled = poolFormat(e.id, results.get(e.id) ?? [], settings.noisySpread);
      return !pooled.error && Object.values(pooled).some((c) => typeof c === "object" && c.noisy);
    });
    if (unconfirmed.length === 0) break;
    await runPool(
      unconfirmed.map((entry) => ({ entry, k })),
      width,
      countOnce,
    );
  }
  for (const entry of entries)
    formats.set(entry.id, poolFormat(entry.id, results.get(entry.id) ?? [], settings.noisySpread));
  return {
    run: {
      available: true,
      method: instructionsMethod,
      valgrindVersion: check.version,
      processes,
      noisySpread: settings.noisySpread,
      durationMs: Date.now() - started,
    },
    formats,
  };
}

async function bundleFor(entry: RegistryEntry, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  return bundleCountChild([entry], dir);
}

/** Runs `work` on every item, at most `width` at once, in order. */
async function runPool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** What pooling needs of a counting process, here or in another runtime (runtimes' count-in-runtime). */
export type PooledCounts = Pick<ProcessCounts, "perOp" | "failed" | "error">;

/** A format's counts over its processes: the first failure, or each operation's pooled count. */
export function poolFormat(id: string, results: PooledCounts[], noisySpread: number): FormatInstructions {
  if (results.length === 0) return { error: "not counted" };
  const error = results.map((r) => r.failed.get(id) ?? (r.perOp.has(id) ? undefined : r.error)).find(Boolean);
  if (error) return { error };
  const out: FormatInstructions = {};
  for (const op of ["encode", "decode", "access"] as Op[]) {
    const counts = results.map((r) => r.perOp.get(id)?.[op]);
    if (counts.some((c) => c === undefined)) continue;
    const defined = counts as NonNullable<(typeof counts)[number]>[];
    out[op] = poolOp(
      defined.map((c) => c.perOp),
      defined.every((c) => c.settled),
      noisySpread,
    );
  }
  return out;
}

/**
 * One operation's count over its processes: the cheapest, as within a process (the cheapest
 * segment). What differs between processes only ever adds work: where V8 put hidden classes
 * decides how often its megamorphic stub cache, indexed by their addresses, misses (Cap'n Proto
 * decode, whose library reads properties megamorphically: 5,650,922 to 5,665,207 instructions per
 * call in 8 processes, the difference all in Builtins_LoadIC_Megamorphic). A median of two moves
 * with each such process; the cheapest moves only when every process is unlucky. `noisy`: no
 * second process confirmed the cheapest within `noisySpread` (with two processes: they disagree).
 */
export function poolOp(runs: number[], settled: boolean, noisySpread: number): OpInstructions {
  const sorted = [...runs].sort((a, b) => a - b);
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  const second = sorted[1];
  // A count at or below zero is no count (a collection landed in the shorter segment): 100 % spread.
  const gap = (x: number | undefined) => (x !== undefined && min > 0 ? (x - min) / min : 1);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    perOp: round(min),
    runs: runs.map(round),
    spread: gap(max),
    noisy: !(gap(second) <= noisySpread),
    settled,
  };
}
