// Plain JavaScript (typed by index.d.ts) so Next.js leaves this package unbundled and the worker
// script stays where import.meta.url says it is.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

const workerPath = join(dirname(fileURLToPath(import.meta.url)), "worker.mjs");

/** Why an off-thread call did not return a value. */
export class OffThreadError extends Error {
  name = "OffThreadError";
  /**
   * @param {"deadline" | "memory" | "busy" | "failed"} kind
   * @param {string} message
   */
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

/**
 * A pool of worker threads that each import `module` (a workspace package's TypeScript, through
 * tsx) and call its export `exportName` with one structured-clonable argument. A call that runs
 * past `deadlineMs` (counted from the call, queue included) is stopped by terminating its thread;
 * a thread that exceeds `memoryMb` of old-generation heap dies alone; when `maxQueue` calls already
 * wait, a new one is refused at once. Each failure is an OffThreadError of its own kind.
 */
export function createOffThreadPool(options) {
  const pool = new Piscina({
    filename: workerPath,
    workerData: { module: options.module, exportName: options.exportName },
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
  });
  // A thread that dies (out of memory, terminated at a deadline) is replaced by piscina; its error
  // already rejected the call it ran, so the pool's own error event needs no further handling.
  pool.on("error", () => {});
  // Counted here rather than with piscina's maxQueue, whose capacity also counts threads still
  // starting, so a refusal does not depend on how far a replacement thread has got.
  let inFlight = 0;
  return {
    async run(input) {
      if (inFlight >= options.threads + options.maxQueue)
        throw new OffThreadError("busy", `${options.maxQueue} calls are already waiting`);
      inFlight++;
      try {
        return await pool.run(input, { signal: AbortSignal.timeout(options.deadlineMs) });
      } catch (err) {
        throw classify(err, options);
      } finally {
        inFlight--;
      }
    },
    close: () => pool.close({ force: true }),
    get inFlight() {
      return inFlight;
    },
  };
}

function classify(err, options) {
  const e = /** @type {Error & {code?: string}} */ (err);
  if (e?.name === "AbortError")
    return new OffThreadError("deadline", `took longer than ${options.deadlineMs} ms`);
  if (e?.code === "ERR_WORKER_OUT_OF_MEMORY")
    return new OffThreadError("memory", `needed more than ${options.memoryMb} MB of memory`);
  return new OffThreadError("failed", e?.message ?? String(err));
}
