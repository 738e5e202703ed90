import { GCProfiler, getHeapSpaceStatistics } from "node:v8";

/** Bytes V8 and ArrayBuffers hold right now (heap + array buffers, which Buffers live in). */
function heldBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * Longest one measurement batch may run, ms. A codec that writes into a buffer it reuses (msgpackr)
 * allocates little per call, so the byte bound alone let a batch of a 2 MB document's 50 ms encode
 * run 10 000 times: eight minutes, killed at the step limit. At 200 ms, three batches of each such
 * operation were 2 to 3 s of a 10 KB full run; 50 ms is still a thousand calls of a 50 µs codec.
 */
const BATCH_MS = 50;

/**
 * Longest counting one operation may take, ms, once a run has been tried: further tries and batches
 * stop here. Calls of a 2 MB document's slower codecs (YAML decode of canada.json, 1 s) overflow the
 * young generation however often they are retried; with three tries and three batches, counting took
 * 9 s of CPU in each of a full run's first two children. 200 ms leaves a fast operation's probe and
 * three 50 ms batches alone.
 */
const COUNT_MAX_MS = 200;

/** Most bytes one measurement batch may allocate; see youngRoom for the real bound. */
const BUDGET_BYTES = 4 * 1024 * 1024;

/**
 * Half of what the young generation can take before its next scavenge. It starts at about 1 MB free
 * and grows only as a process allocates, so right after warm-up a fixed 4 MB batch could trigger a
 * scavenge, which shrinks the heap and makes the growth read low.
 */
function youngRoom(): number {
  const young = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
  return young ? Math.min(BUDGET_BYTES, young.space_available_size / 2) : BUDGET_BYTES;
}

/**
 * Bytes allocated per operation: empty the young generation, run a batch small enough to fit in
 * it, read the growth. A run during which V8 collected garbage does not count: a scavenge drops what
 * the batch allocated and died, so the growth reads low (a YAML decode of canada.json read 6.9 MB) or
 * negative. Such runs are seen through V8's GC profiler, not guessed from the sign of the growth.
 * When no run fits, the answer is "not measurable" (null), never a made-up number.
 * Needs `--expose-gc`; returns null without it.
 */
export function bytesAllocatedPerOp(fn: (arg: unknown) => unknown, args: unknown[]): number | null {
  const gc = (globalThis as { gc?: (opts?: { type: "minor" | "major"; execution: "sync" }) => void }).gc;
  if (!gc) return null;
  let lastMs = 0;
  let spentMs = 0;
  /** Bytes the batch allocated, or NaN when a GC ran during it. */
  const run = (n: number) => {
    // A minor GC (scavenge) empties the young generation, where the batch then allocates; a full GC
    // would cost tens of ms per call once a compiler's code is loaded in the process.
    gc({ type: "minor", execution: "sync" });
    const profiler = new GCProfiler();
    profiler.start();
    // The clock is read outside the counted window: its BigInts would count as the codec's bytes.
    const t0 = process.hrtime.bigint();
    const before = heldBytes();
    const keep: unknown[] = new Array(Math.min(n, 64));
    for (let i = 0; i < n; i++) keep[i & 63] = fn(args[i % args.length]);
    const after = heldBytes();
    lastMs = Number(process.hrtime.bigint() - t0) / 1e6;
    spentMs += lastMs;
    const collections = profiler.stop()?.statistics.length ?? 0;
    return collections === 0 ? after - before : Number.NaN;
  };
  const probeN = Math.min(16, Math.max(1, args.length));
  // ArrayBuffers that died before a run are freed by a background sweeper, possibly during the run,
  // which then reads low or negative; the probe gets a few tries before the op counts as unmeasurable.
  let probe = 0;
  let msPerCall = 0;
  for (let attempt = 0; attempt < 3 && !(probe > 0) && (attempt === 0 || spentMs < COUNT_MAX_MS); attempt++) {
    probe = run(probeN) / probeN;
    msPerCall = lastMs / probeN;
  }
  if (!(probe > 0)) return null;
  // Emptied again so youngRoom sees the room a batch will have, not what the probe left.
  gc({ type: "minor", execution: "sync" });
  const byTime = Math.floor(BATCH_MS / Math.max(msPerCall, 1e-6));
  const n = Math.max(1, Math.min(10_000, byTime, Math.floor(youngRoom() / probe)));
  // A probe of the batch's own size is one of its runs: a call of 50 ms or more is counted once.
  const results: number[] = n === probeN ? [probe] : [];
  for (
    let attempt = results.length;
    attempt < 3 && (results.length === 0 || spentMs < COUNT_MAX_MS);
    attempt++
  ) {
    const grown = run(n);
    if (grown > 0) results.push(grown / n);
  }
  if (results.length === 0) return null;
  // Median, not min: an ArrayBuffer the background sweeper frees during a batch lowers its figure.
  results.sort((a, b) => a - b);
  return Math.round(results[Math.floor(results.length / 2)] as number);
}
