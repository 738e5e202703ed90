import { fileURLToPath } from "node:url";

/**
 * Named settings of the polyglot parent (README "Settings"), read from the environment when a run
 * starts, so tests and the worker can set them per process.
 */
export interface RuntimeLimits {
  /**
   * Longest a runtime child may stay silent (start-up, one format's verification or warm-up, one
   * round of samples) before its process group is killed. `WIREBENCH_RUNTIME_STEP_TIMEOUT_MS`,
   * default 60 000 (a JVM or a Cargo-built child starts in seconds even on a loaded machine).
   */
  stepTimeoutMs: number;
  /** Where generated code is cached by schema hash. `WIREBENCH_RUNTIME_CACHE`, default `<repo>/.wirebench/runtimes`. */
  cacheDir: string;
  /** Bytes of a child's stderr kept for error messages. Default 4 000. */
  stderrTailBytes: number;
}

export const defaultStepTimeoutMs = 60_000;
export const defaultCacheDir = fileURLToPath(new URL("../../../.wirebench/runtimes", import.meta.url));

export function runtimeLimits(env: NodeJS.ProcessEnv = process.env): RuntimeLimits {
  const raw = env.WIREBENCH_RUNTIME_STEP_TIMEOUT_MS;
  const stepTimeoutMs = raw === undefined || raw === "" ? defaultStepTimeoutMs : Number(raw);
  if (!Number.isFinite(stepTimeoutMs) || stepTimeoutMs <= 0)
    throw new Error(`WIREBENCH_RUNTIME_STEP_TIMEOUT_MS must be a positive number of ms, got "${raw}"`);
  return {
    stepTimeoutMs,
    cacheDir: env.WIREBENCH_RUNTIME_CACHE || defaultCacheDir,
    stderrTailBytes: 4_000,
  };
}
