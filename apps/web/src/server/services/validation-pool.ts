import type { RunInputToCheck, RunInputVerdict } from "@wirebench/codecs/check-run-input";
import { createOffThreadPool, type OffThreadPool } from "@wirebench/offthread";
import type { WebEnv } from "../../env.ts";

export interface ValidationPool {
  run(input: RunInputToCheck): Promise<RunInputVerdict>;
  close(): Promise<void>;
}

/**
 * The worker threads that validate large input, so parsing and checking a big sample never holds the
 * event loop that answers every other request. Threads start on the first large request, not when
 * the app (or a test's services) starts.
 */
export function createValidationPool(env: WebEnv): ValidationPool {
  let pool: OffThreadPool<RunInputToCheck, RunInputVerdict> | undefined;
  return {
    run(input) {
      pool ??= createOffThreadPool({
        module: "@wirebench/codecs/check-run-input",
        exportName: "checkRunInput",
        threads: env.WIREBENCH_VALIDATE_THREADS,
        deadlineMs: env.WIREBENCH_VALIDATE_TIMEOUT_MS,
        memoryMb: env.WIREBENCH_VALIDATE_MEMORY_MB,
        maxQueue: env.WIREBENCH_VALIDATE_QUEUE,
      });
      return pool.run(input);
    },
    close: async () => pool?.close(),
  };
}
