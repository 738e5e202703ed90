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
  /**
   * Longest a run waits for another process generating code for the same schema (the cache folder's
   * lock) before its formats fail saying so. `WIREBENCH_RUNTIME_GENERATE_WAIT_MS`, default 600 000
   * (a Rust build of a large schema on a loaded 2-core machine takes minutes).
   */
  generateWaitMs: number;
}

export const defaultStepTimeoutMs = 60_000;
export const defaultGenerateWaitMs = 600_000;

/** A positive number of ms from `env[name]`, or `fallback` when unset. */
function positiveMs(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  const ms = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(ms) || ms <= 0)
    throw new Error(`${name} must be a positive number of ms, got "${raw}"`);
  return ms;
}
export const defaultCacheDir = fileURLToPath(new URL("../../../.wirebench/runtimes", import.meta.url));

export function runtimeLimits(env: NodeJS.ProcessEnv = process.env): RuntimeLimits {
  return {
    stepTimeoutMs: positiveMs(env, "WIREBENCH_RUNTIME_STEP_TIMEOUT_MS", defaultStepTimeoutMs),
    generateWaitMs: positiveMs(env, "WIREBENCH_RUNTIME_GENERATE_WAIT_MS", defaultGenerateWaitMs),
    cacheDir: env.WIREBENCH_RUNTIME_CACHE || defaultCacheDir,
    stderrTailBytes: 4_000,
  };
}
