import { createOffThreadPool, OffThreadError, type OffThreadPool } from "@wirebench/offthread";
import type { RunInputToCheck, RunInputVerdict } from "@wirebench/schemas";
import type { WebEnv } from "../../env.ts";
import { AppError } from "../app-error.ts";
import type { RunBody, ValidationAnswer, ValidationTask } from "./validation-thread.ts";

export interface ValidationPool {
  /** Reads a POST /runs body on a thread; a body that is not valid JSON is an AppError (400). */
  readBody(text: string, maxDepth: number): Promise<RunBody>;
  check(input: RunInputToCheck): Promise<RunInputVerdict>;
  close(): Promise<void>;
}

/**
 * The worker threads that read and validate large run input, so parsing and checking a big sample
 * never holds the event loop that answers every other request. Threads start on the first large
 * request, not when the app (or a test's services) starts. A task that does not finish becomes a
 * refusal naming the setting it ran into.
 */
export function createValidationPool(env: WebEnv): ValidationPool {
  let pool: OffThreadPool<ValidationTask, ValidationAnswer> | undefined;
  const run = async (task: ValidationTask): Promise<ValidationAnswer> => {
    pool ??= createOffThreadPool({
      // apps/web's package.json exports the thread's module, so it resolves from any working directory.
      module: "@wirebench/web/validation-thread",
      exportName: "runValidationTask",
      threads: env.WIREBENCH_VALIDATE_THREADS,
      deadlineMs: env.WIREBENCH_VALIDATE_TIMEOUT_MS,
      memoryMb: env.WIREBENCH_VALIDATE_MEMORY_MB,
      maxQueue: env.WIREBENCH_VALIDATE_QUEUE,
    });
    let answer: ValidationAnswer;
    try {
      answer = await pool.run(task);
    } catch (err) {
      throw offThreadRefusal(env, err);
    }
    if (answer.kind === "refused") throw new AppError(answer.code, answer.message);
    return answer;
  };
  return {
    async readBody(text, maxDepth) {
      const answer = await run({ kind: "read-body", text, maxDepth });
      if (answer.kind !== "read-body") throw new Error("validation thread answered another task");
      return answer.body;
    },
    async check(input) {
      const answer = await run({ kind: "check", input });
      if (answer.kind !== "check") throw new Error("validation thread answered another task");
      return answer.verdict;
    },
    close: async () => pool?.close(),
  };
}

function offThreadRefusal(env: WebEnv, err: unknown): AppError {
  if (!(err instanceof OffThreadError)) return new AppError("INTERNAL", "Internal error.");
  switch (err.kind) {
    case "deadline":
      return new AppError(
        "PAYLOAD_TOO_LARGE",
        `Validating this input took longer than the limit of ${env.WIREBENCH_VALIDATE_TIMEOUT_MS} ms ` +
          "(WIREBENCH_VALIDATE_TIMEOUT_MS); send a smaller sample or schema.",
      );
    case "memory":
      return new AppError(
        "PAYLOAD_TOO_LARGE",
        `Validating this input needed more than the limit of ${env.WIREBENCH_VALIDATE_MEMORY_MB} MB ` +
          "(WIREBENCH_VALIDATE_MEMORY_MB); send a smaller sample or schema.",
      );
    case "busy":
      return new AppError(
        "UNAVAILABLE",
        `Validation is busy: ${env.WIREBENCH_VALIDATE_QUEUE} large inputs already wait ` +
          "(WIREBENCH_VALIDATE_QUEUE); try again shortly.",
        { "Retry-After": "1" },
      );
    default:
      return new AppError("INTERNAL", "Internal error.");
  }
}
