import { type Job, UnrecoverableError, Worker } from "bullmq";
import type { Logger } from "./logger.ts";
import { createRedis } from "./redis.ts";

export type JobHandler = (job: Job, token?: string) => Promise<unknown>;

export interface StartWorkerOptions {
  redisUrl: string;
  queue: string;
  logger: Logger;
  /** Handlers by job name; a job with any other name fails at once without retries. */
  handlers: Record<string, JobHandler>;
  /** Called when a job has failed for good (no retry left, unrecoverable, or stalled too often). */
  onFinalFailure?: (job: Job, reason: string) => Promise<void>;
  /** BullMQ lock duration: a job whose worker stops renewing it for this long is stalled. */
  lockDurationMs?: number;
  /** How often this worker looks for stalled jobs. */
  stalledIntervalMs?: number;
  /**
   * How often a job whose worker died goes back to the queue; one more stall fails it (the failure
   * reaches `onFinalFailure` when a worker next takes it). Default 0: never redelivered.
   */
  maxStalledCount?: number;
}

/**
 * One job at a time per process: measurements must not compete for the CPU (docs/architecture.md,
 * "From upload to page"). More throughput comes from more worker processes.
 */
export function startWorker(opts: StartWorkerOptions): Worker {
  const { redisUrl, queue, logger, handlers } = opts;
  const worker = new Worker(
    queue,
    async (job, token) => {
      const handler = handlers[job.name];
      if (!handler) throw new UnrecoverableError(`unknown job name "${job.name}"`);
      return handler(job, token);
    },
    {
      connection: createRedis(redisUrl),
      concurrency: 1,
      maxStalledCount: opts.maxStalledCount ?? 0,
      ...(opts.lockDurationMs ? { lockDuration: opts.lockDurationMs } : {}),
      ...(opts.stalledIntervalMs ? { stalledInterval: opts.stalledIntervalMs } : {}),
    },
  );
  worker.on("ready", () => logger.info({ queue }, "worker ready"));
  worker.on("error", (err) => logger.error({ err: err.message }, "worker error"));
  worker.on("completed", (job) => logger.info({ jobId: job.id, name: job.name }, "job completed"));
  worker.on("failed", (job, err) => {
    logger.warn({ jobId: job?.id, name: job?.name, err: err.message }, "job failed");
    if (!job || !opts.onFinalFailure) return;
    job
      .isFailed()
      .then((final) => (final ? opts.onFinalFailure?.(job, err.message) : undefined))
      .catch((e) => logger.error({ err: String(e) }, "final-failure hook failed"));
  });
  return worker;
}
