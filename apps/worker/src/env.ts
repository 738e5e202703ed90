import { dbEnv } from "@wirebench/db/env";
import { queueEnv } from "@wirebench/jobs/env";
import { z } from "zod";

/**
 * Every setting of the worker, with the default that works on a developer machine: the database
 * and queue slices of @wirebench/db and @wirebench/jobs, then the worker's own.
 */
export const workerEnvSchema = z.object({
  ...dbEnv.shape,
  ...queueEnv.shape,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How long SIGTERM waits for the current job. A job still running then is handed back: its run is
   * `queued` again and the job returns to the wait list, so another worker starts it at once.
   */
  WORKER_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** A claim on a run (and BullMQ's job lock) lasts this long without renewal; renewed every third of it. */
  WORKER_LEASE_MS: z.coerce.number().int().min(500).default(30_000),
  /** How often a worker looks for jobs whose worker died (BullMQ stalled check). */
  WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(200).default(15_000),
  /** How often a worker looks for runs no live job carries any more. */
  WORKER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(200).default(60_000),
  /**
   * A run whose worker died this many times is failed with a reason instead of retried. Default 1: a
   * worker that dies mid-run was most likely killed by that run's input, and every retry would cost
   * another death; a graceful stop (SIGTERM) hands the run back without spending an attempt.
   */
  WORKER_MAX_RUN_ATTEMPTS: z.coerce.number().int().positive().default(1),
  /** Longest a run may take from claim to result; the worker stops it then and the sweeper fails it. */
  WORKER_RUN_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(1_800_000),
  /** V8 heap limit of the child that parses, infers and synthesizes a run's data, MB. */
  WORKER_PREPARE_HEAP_MB: z.coerce.number().int().min(16).default(1024),
  /** Resident memory limit of that child (heap, Buffers, native memory), MB. */
  WORKER_PREPARE_RSS_MB: z.coerce.number().int().min(32).default(2048),
  /** Wall-clock limit of that child, ms. */
  WORKER_PREPARE_TIMEOUT_MS: z.coerce.number().int().min(500).default(120_000),
  /** V8 heap limit of each measurement child, MB. */
  WORKER_MEASURE_HEAP_MB: z.coerce.number().int().min(16).default(1024),
  /** Resident memory limit of each measurement child and the compilers it runs, MB. */
  WORKER_MEASURE_RSS_MB: z.coerce.number().int().min(32).default(2048),
  /**
   * V8 heap limit of the child that measures a run's other runtimes (options.runtimes), MB. Its
   * own heap holds Node's result and the runtimes' entries; the runtimes run in processes of their own.
   */
  WORKER_RUNTIMES_HEAP_MB: z.coerce.number().int().min(16).default(1024),
  /**
   * Resident memory limit of that child and every process it starts (compilers, Cargo, the JVM,
   * each runtime's measurement child), MB.
   */
  WORKER_RUNTIMES_RSS_MB: z.coerce.number().int().min(32).default(4096),
  /**
   * Wall-clock limit of that child, ms: every runtime asked for, code generation and builds
   * included. Past it the run completes with Node's results; the runtimes not done say why.
   */
  WORKER_RUNTIMES_TIMEOUT_MS: z.coerce.number().int().min(500).default(900_000),
  /** Schema and generated-code text kept per format in a result (bytes); the rest is cut with a note. */
  WORKER_MAX_ARTIFACT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  /** Longest one format may take on one transport of a transport run (options.transport), ms. */
  WORKER_TRANSPORT_FORMAT_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** When the worker runs as root, its children run as this user; empty keeps root. */
  WIREBENCH_CHILD_USER: z
    .string()
    .regex(/^[\w.-]*$/, "a user name")
    .default("nobody"),
  /** Largest size a run's size sweep grows a repeated field to (options.sweep). */
  WIREBENCH_SWEEP_MAX_SIZE: z.coerce.number().int().positive().default(1_000_000),
  /** Most sizes one run's size sweep measures. */
  WIREBENCH_SWEEP_MAX_POINTS: z.coerce.number().int().positive().default(8),
  /** Anonymous runs (no project) are deleted this many days after they were made; 0 keeps them. */
  WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
});

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

export class EnvError extends Error {}

/** Parses the environment; every problem is one line naming the variable. */
export function parseWorkerEnv(source: Record<string, string | undefined> = process.env): WorkerEnv {
  const result = workerEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new EnvError(`Invalid environment: ${lines.join("; ")}`);
}
