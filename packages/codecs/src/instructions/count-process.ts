import { chownSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ChildIdentity } from "../harness/child-sandbox.ts";
import {
  type BoundedExit,
  forkBounded,
  lastErrorLine,
  memoryBoundExceeded,
} from "../harness/fork-bounded.ts";
import { type Attempt, attemptOf, onceMoreIfKilledAtStart } from "../harness/once-more-at-start.ts";
import type { Op } from "../harness/protocol.ts";
import type { Limits } from "../harness/settings.ts";
import { steadyBufferFlags } from "../harness/steady-buffer-flags.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { layoutPreload, layoutVariable } from "./layout-shift.ts";
import type { CountJob, CountMessage, SegmentLabel } from "./protocol.ts";
import { type OpCount, perOpFromSegments, readDumpTotal } from "./read-dumps.ts";
import type { InstructionSettings } from "./settings.ts";

/**
 * Node flags that make V8 repeat itself instruction for instruction: no concurrent or background
 * compilation and GC (`--single-threaded`, `--predictable`), fixed hash and random seeds (object
 * layouts, Math.random), a fixed young generation large enough to hold a whole segment's garbage
 * (count-child.ts starts every segment with it empty, so no segment scavenges), bytecode that is
 * never flushed (as in the wall-clock children), and `gc()` for those collections.
 */
export const repeatableNodeFlags = [
  "--predictable",
  "--hash-seed=1",
  "--random-seed=1",
  "--single-threaded",
  "--no-flush-bytecode",
  ...steadyBufferFlags,
  "--expose-gc",
  "--min-semi-space-size=64",
  "--max-semi-space-size=64",
];

/**
 * glibc's malloc without fastbins (`glibc.malloc.mxfast=0`). With them, small freed chunks wait in
 * fastbins until a larger request consolidates them all at once, and how many wait depends on the
 * heap's history: two processes counting protobufjs's encoder (each call allocates its output
 * buffer) differed by 0.23 %, and callgrind put all of it in malloc_consolidate (24,000
 * instructions in one segment, 670 in the other) while every V8 function counted the same.
 */
export const repeatableMalloc = { GLIBC_TUNABLES: "glibc.malloc.mxfast=0" };

/**
 * One libuv worker thread (`UV_THREADPOOL_SIZE=1`). Start-up ran different JavaScript in every
 * counting child (its instructions up to the first marker differed by 10,000 to 100,000 between
 * any two), and so left the hidden classes the counted code uses at different addresses, which
 * V8's megamorphic stub cache hashes: Cap'n Proto packed encode counted 5,158,792 or 5,168,568
 * instructions per call in two processes of one run, the difference all in
 * Builtins_LoadIC_Megamorphic and Builtins_StoreIC. The ESM loader reads the bundle's libraries
 * and the generated code on libuv's pool and goes on as each read completes; one worker completes
 * them in the order they were asked for. With it, two children given the same paths counted their
 * first segments alike to the instruction (docs/instructions.md, "What still moves between runs").
 * The counted loops never use the pool.
 */
export const repeatableThreadPool = { UV_THREADPOOL_SIZE: "1" };

/** The marker function the counting child reaches through `os.getPriority()`. */
export const markerFunction = "uv_os_getpriority";

export function callgrindArgs(valgrindPath: string, outFile: string): string[] {
  return [
    valgrindPath,
    "--tool=callgrind",
    // V8 writes and rewrites machine code in anonymous memory: without this callgrind runs stale code.
    "--smc-check=all-non-file",
    `--dump-before=${markerFunction}`,
    `--callgrind-out-file=${outFile}`,
    "-q",
  ];
}

/** Instructions per call of each (format, operation) in one process, and the formats that failed. */
export interface ProcessCounts {
  perOp: Map<string, Partial<Record<Op, OpCount>>>;
  failed: Map<string, string>;
  /** The process itself failed (did not start, died, timed out): every format not counted yet. */
  error?: string;
}

/**
 * Runs one counting child (the bundle bundleCountChild made) under callgrind and reads its dumps;
 * one killed at start by a signal not sent here is started once more (see onceMoreIfKilledAtStart).
 */
export function countProcess(...args: Parameters<typeof countOnce>): Promise<ProcessCounts> {
  return onceMoreIfKilledAtStart(() => countOnce(...args), args[6]?.signal);
}

interface CountOptions {
  identity?: ChildIdentity | undefined;
  signal?: AbortSignal | undefined;
  /** This process's layout (layout-shift.ts): its index among the format's processes. */
  layout?: number;
}

function countOnce(
  bundle: string,
  entries: RegistryEntry[],
  job: Omit<CountJob, "entries" | "workDir" | "dumpFile">,
  workDir: string,
  settings: InstructionSettings,
  limits: Limits,
  opts: CountOptions = {},
): Promise<ProcessCounts & Attempt> {
  mkdirSync(workDir, { recursive: true });
  // The child writes its dumps and generated code here, as the children's user when there is one.
  if (opts.identity) chownSync(workDir, opts.identity.uid, opts.identity.gid);
  const outFile = join(workDir, "callgrind.out");
  const bounded = forkBounded(bundle, {
    typescript: false,
    heapMb: limits.memoryMb,
    rssMb: limits.rssMb,
    rssPollMs: limits.rssPollMs,
    execArgv: [...repeatableNodeFlags, "--require", join(dirname(bundle), layoutPreload)],
    identity: opts.identity,
    wrapper: callgrindArgs(settings.valgrindPath, outFile),
    env: { ...repeatableMalloc, ...repeatableThreadPool, [layoutVariable]: String(opts.layout ?? 0) },
  });
  const failed = new Map<string, string>();
  let labels: SegmentLabel[] | undefined;
  let current: string | undefined;
  const onAbort = () => bounded.kill("abort");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => bounded.kill("time"), settings.formatTimeoutMs);
  let heard = false;
  bounded.child.on("message", (m: CountMessage) => {
    heard = true;
    if (m.type === "ready") bounded.child.send({ ...job, entries, workDir, dumpFile: outFile });
    else if (m.type === "step") current = m.id;
    else if (m.type === "failed") failed.set(m.id, m.error);
    else if (m.type === "segments") labels = m.segments;
  });
  return bounded.exited.then((exit) => {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
    if (labels && exit.code === 0) {
      const perOp = perOpFromSegments(labels, (part) => readDumpTotal(`${outFile}.${part}`));
      return { perOp, failed };
    }
    const why = whyProcessFailed(exit, settings, limits);
    return {
      perOp: new Map(),
      failed,
      error: current ? `${why} while counting ${current}` : why,
      ...attemptOf(exit, heard),
    };
  });
}

/** Why a counting (or code-generating) process ended without its result: a bound, a stop, or its exit. */
export function whyProcessFailed(
  exit: BoundedExit,
  settings: Pick<InstructionSettings, "formatTimeoutMs">,
  limits: Limits,
): string {
  if (exit.killed === "time")
    return `exceeded the time limit of a counting process (formatTimeoutMs ${settings.formatTimeoutMs} ms, WIREBENCH_INSTRUCTION_FORMAT_TIMEOUT_MS)`;
  if (exit.killed === "abort") return "the run was stopped";
  return (
    memoryBoundExceeded(exit, { heapMb: limits.memoryMb, rssMb: limits.rssMb, rssPollMs: 0 }) ??
    `counting process exited (${exit.signal ?? `code ${exit.code}`}): ${lastErrorLine(exit) ?? ""}`
  );
}
