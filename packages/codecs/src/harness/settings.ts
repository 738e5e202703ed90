import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defaultChildUser } from "./child-sandbox.ts";

/**
 * Named measurement settings. Every option documents its default; `quick` trades precision for a
 * coarse answer in seconds. Samples per operation = processes × rounds × samplesPerRound (16, quick 20).
 */
export interface MeasureSettings {
  /**
   * Child processes, each measuring every format interleaved in rounds. Default 2 (quick 1): the
   * warm-up a third process costs (warm-up is capped per operation by the budget over processes)
   * buys more as longer warm-ups, V8's compilation being the larger error (docs/time-budget.md).
   */
  processes: number;
  /**
   * Child processes that may start, prepare and warm up at the same time. Their timed rounds never
   * overlap with anything unless `timeAlone` is off (see TurnScheduler). Default: the CPUs Node may
   * use (os.availableParallelism).
   */
  parallelProcesses: number;
  /**
   * A child times its rounds only while no other child is busy or timing. Default true (quick false:
   * quick timings are coarse, ±5–40 %, and on 2 cores the second child's wait was a third of a 10 KB
   * quick run; side by side, fast formats' medians stayed within those intervals, e.g. msgpackr
   * encode 22.9 µs alone, 21.6 µs beside the other child).
   */
  timeAlone: boolean;
  /** Rounds per process: A B C … then A B C … again. Default 4 (quick 4). */
  rounds: number;
  /** Timed samples per operation per round. Default 2 (quick 5). */
  samplesPerRound: number;
  /** Batches are calibrated so one sample lasts about this long. Default 1 ms (quick 0.25 ms). */
  targetSampleMs: number;
  /** Warm-up runs at least this long per operation... Default 20 ms (quick 2 ms). */
  warmupMinMs: number;
  /**
   * ...and at least this many calls, since V8 tiers code up by invocation counts, not time: a 1 ms
   * operation is not optimised after 20 calls. Default 300 (quick 20).
   */
  warmupMinIterations: number;
  /**
   * ...unless warm-up has run this long: a slow operation's own loops tier up long before 300 calls,
   * and 300 calls of a 3 ms codec would cost a second per operation. Default 250 ms (quick 10 ms).
   */
  warmupEnoughMs: number;
  /**
   * Warm-up stops at this bound even if never stable. Default 1000 ms (quick 15 ms: on a loaded
   * machine quarter-millisecond batches rarely agree within 10 %, so every operation ran to the bound;
   * 41 operations at 30 ms were a second of a quick run's 10 KB, and quick results are coarse anyway).
   */
  warmupMaxMs: number;
  /**
   * An operation stops taking samples in a process once its samples there give a 95 %
   * interval of the median narrower than this fraction of it (6 samples at least): further samples
   * would narrow a within-process interval already tighter than the spread between processes. 0
   * never stops early. Default 0 (quick 0.05).
   */
  stopCiWidth: number;
  /** Warm-up is stable when the last 3 batches differ by less than this fraction. Default 0.1. */
  warmupTolerance: number;
  /**
   * ...and only once the best per-call time has not improved (by more than the tolerance), and V8
   * has optimised no function (jitEventCounter), for this fraction of the time warm-up has run so
   * far. V8 optimises a large function long after its first plateau (protobufjs decode of a 10 KB
   * message: about 45 µs a call from 20 ms to 50 ms, 15 µs from 100 ms), so a plateau lasting a few
   * batches proved nothing. Default 1/3 (quick 0: quick warm-ups stop at 15 ms anyway).
   */
  warmupQuietFraction: number;
  /**
   * Measure bytes allocated per operation (needs --expose-gc in the child), in the first child process
   * only. Default true (quick false: it costs seconds).
   */
  measureAllocations: boolean;
  /**
   * Wall-clock milliseconds the timed rounds of the whole run may take, shared among formats and
   * operations by what one sample of each costs (see planSamples). When the desired samples do not
   * fit, expensive operations get fewer (`budgetBound` in the result). Default 30 000 (quick 4 000).
   */
  budgetMs: number;
  /**
   * Fewest timed samples per operation (over all processes) when the budget binds; an operation for
   * which even these do not fit gets one timed call (`overBudget`). Default 6 (quick 3).
   */
  minSamples: number;
  /**
   * Child processes the first replicate (the one that verifies) is split into, by format, so that
   * preparation, verification and compression use several cores and sizes arrive sooner; later
   * replicates are one child each. Default: `parallelProcesses`.
   */
  shards: number;
  /**
   * Datasets smaller than this (bytes, as handed to the children) are prepared by one child. Default
   * 0: even a 10 KB sample's preparation (libraries loading, code generation, compression) took
   * about 2 s in one child, and a bundled child starts in about 0.1 s.
   */
  shardMinBytes: number;
}

export interface Limits {
  /** V8 old-space limit of each child process (--max-old-space-size), MB. Default 1024. */
  memoryMb: number;
  /**
   * Resident memory of a child process (heap, Buffers and ArrayBuffers, native allocations), MB: the
   * heap limit does not see memory outside V8's heap, so the parent reads the child's resident size
   * every `rssPollMs` and kills it above this. Linux only (read from /proc). Default 2048.
   */
  rssMb: number;
  /** How often the parent reads a child's resident memory, ms. Default 200. */
  rssPollMs: number;
  /**
   * Longest any one step of one format may take in a child (preparing incl. code generation,
   * verifying, warming up, or one round of samples) before the child is killed. Default 60 000 ms.
   */
  stepTimeoutMs: number;
  /**
   * Longest a child may take to start (Node, the TypeScript loader, the harness) before it reports
   * its first step. Kept apart from `stepTimeoutMs` because start-up is nobody's format's fault and
   * takes seconds on a loaded machine, where a short step limit failed every format. Default 30 000 ms.
   */
  startupTimeoutMs: number;
  /**
   * When this process runs as root, children (and the compilers they start) run as this user; empty
   * keeps root. If the user cannot read the code or write the temp dir, children stay root and the
   * worker logs why (see chooseChildIdentity). Default `nobody`.
   */
  childUser: string;
  /**
   * Where what a run can reuse from earlier runs is kept: the measurement child bundled into one
   * module, and the code schema compilers generated, by schema. Only this process's user may write
   * it. Empty: nothing is kept (children load the TypeScript sources and compilers run every time).
   * Default `$WIREBENCH_CACHE_DIR`, else `wirebench-cache` in the temp dir.
   */
  cacheDir: string;
}

export const defaultSettings: MeasureSettings = {
  processes: 2,
  parallelProcesses: availableParallelism(),
  timeAlone: true,
  rounds: 4,
  samplesPerRound: 2,
  targetSampleMs: 1,
  warmupMinMs: 20,
  warmupMinIterations: 300,
  warmupEnoughMs: 250,
  warmupMaxMs: 1000,
  warmupTolerance: 0.1,
  warmupQuietFraction: 1 / 3,
  stopCiWidth: 0,
  measureAllocations: true,
  budgetMs: 30_000,
  minSamples: 6,
  shards: availableParallelism(),
  shardMinBytes: 0,
};

export const quickSettings: MeasureSettings = {
  ...defaultSettings,
  processes: 1,
  timeAlone: false,
  rounds: 4,
  samplesPerRound: 5,
  targetSampleMs: 0.25,
  warmupMinMs: 2,
  warmupMinIterations: 20,
  warmupEnoughMs: 10,
  warmupMaxMs: 15,
  warmupQuietFraction: 0,
  stopCiWidth: 0.05,
  measureAllocations: false,
  budgetMs: 4_000,
  minSamples: 3,
};

export const defaultLimits: Limits = {
  memoryMb: 1024,
  rssMb: 2048,
  rssPollMs: 200,
  stepTimeoutMs: 60_000,
  startupTimeoutMs: 30_000,
  childUser: defaultChildUser,
  cacheDir: process.env.WIREBENCH_CACHE_DIR ?? join(tmpdir(), "wirebench-cache"),
};
