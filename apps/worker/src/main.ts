import { createPrismaClient, ensureDatabase, ServiceUnreachableError } from "@wirebench/db";
import { createRunQueue, runJob } from "@wirebench/jobs";
import type { Job } from "bullmq";
import { EnvError, parseWorkerEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { checkRedis } from "./redis.ts";
import { createRunJobHandler, workerDiedReason } from "./runs/handle-run-job.ts";
import { childIdentityOf, createRunPipeline, pipelineSettings } from "./runs/run-pipeline.ts";
import { failRun, requeueRun } from "./runs/run-store.ts";
import { startExpiredRunSweeper } from "./runs/sweep-expired-runs.ts";
import { sweepStaleRuns } from "./runs/sweep-stale-runs.ts";
import { sweepWorkDirs } from "./runs/sweep-work-dirs.ts";
import { startWorker } from "./start-worker.ts";

async function main(): Promise<void> {
  const env = parseWorkerEnv();
  await checkRedis(env.REDIS_URL);
  await ensureDatabase(env.DATABASE_URL);
  const logger = createLogger(env.LOG_LEVEL);
  const prisma = createPrismaClient(env.DATABASE_URL);
  const queue = createRunQueue(env.REDIS_URL, env.WIREBENCH_QUEUE);

  // The job in flight, so a shutdown that cannot wait for it can hand it back (one job at a time).
  let current: { job: Job; token: string | undefined; runId: string | undefined } | undefined;
  const settings = pipelineSettings(env);
  const children = childIdentityOf(settings);
  if (children.warning) logger.warn(children.warning);
  else logger.info({ user: children.identity?.user ?? "(this process's)" }, "children run as");
  const handleRun = createRunJobHandler({
    prisma,
    pipeline: createRunPipeline(settings),
    logger,
    leaseMs: env.WORKER_LEASE_MS,
    runTimeoutMs: env.WORKER_RUN_TIMEOUT_MS,
    maxAttempts: env.WORKER_MAX_RUN_ATTEMPTS,
  });
  // Before taking jobs: the work dirs of runs a killed worker left (they hold users' samples).
  const sweepDirs = () =>
    sweepWorkDirs(prisma, env.WORKER_RUN_TIMEOUT_MS)
      .then((removed) => {
        if (removed.length) logger.info({ removed }, "removed work dirs no live run owns");
      })
      .catch((err) => logger.warn({ err: String(err) }, "work dir sweep failed"));
  await sweepDirs();
  const worker = startWorker({
    redisUrl: env.REDIS_URL,
    queue: env.WIREBENCH_QUEUE,
    logger,
    lockDurationMs: env.WORKER_LEASE_MS,
    stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
    maxStalledCount: env.WORKER_MAX_RUN_ATTEMPTS - 1,
    handlers: {
      [runJob.name]: async (job, token) => {
        current = { job, token, runId: runJob.payload.safeParse(job.data).data?.runId };
        try {
          return await handleRun(job, token);
        } finally {
          current = undefined;
        }
      },
    },
    onFinalFailure: async (job, reason) => {
      const parsed = runJob.payload.safeParse(job.data);
      if (!parsed.success) return;
      const runId = parsed.data.runId;
      // BullMQ's words for "the worker holding this job died": say so in the run's terms.
      if (/stalled more than allowable limit/.test(reason)) {
        const run = await prisma.run.findUnique({ where: { id: runId }, select: { attempts: true } });
        reason = workerDiedReason(run?.attempts ?? 1, env.WORKER_MAX_RUN_ATTEMPTS);
      }
      await failRun(prisma, runId, reason);
    },
  });

  const sweep = () =>
    sweepStaleRuns({
      prisma,
      queue,
      logger,
      graceMs: env.WORKER_LEASE_MS,
      maxAttempts: env.WORKER_MAX_RUN_ATTEMPTS,
      runTimeoutMs: env.WORKER_RUN_TIMEOUT_MS,
    })
      .catch((err) => logger.warn({ err: String(err) }, "sweep failed"))
      .then(sweepDirs);
  const sweeper = setInterval(sweep, env.WORKER_SWEEP_INTERVAL_MS);
  void sweep();
  startExpiredRunSweeper({ prisma, logger, retentionDays: env.WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweeper);
    logger.info({ signal }, "worker stopping: finishing the current job");
    const deadline = setTimeout(() => {
      logger.warn("shutdown timeout reached; handing the current run back to the queue");
      handBack(current)
        .catch((err) =>
          logger.error({ err: String(err) }, "could not hand the run back; its lease will lapse"),
        )
        .finally(() => process.exit(1));
    }, env.WORKER_SHUTDOWN_TIMEOUT_MS);
    await worker.close();
    await queue.close();
    await prisma.$disconnect();
    clearTimeout(deadline);
    logger.info("worker stopped");
    process.exit(0);
  };
  /**
   * Puts an unfinished run back to `queued` and its job back on the wait list (without spending an
   * attempt: stopping a worker is not the run's fault), so another worker takes it at once instead
   * of after the lease and BullMQ's stalled check lapse. The process exits right after, which also
   * ends the measurement child (it exits when its IPC channel closes).
   */
  async function handBack(inFlight: typeof current): Promise<void> {
    if (!inFlight) return;
    if (inFlight.runId) await requeueRun(prisma, inFlight.runId);
    await inFlight.job.moveToWait(inFlight.token);
    logger.info({ jobId: inFlight.job.id }, "run handed back to the queue");
  }

  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  const known = err instanceof EnvError || err instanceof ServiceUnreachableError;
  console.error(`wirebench-worker: ${known ? (err as Error).message : (err as Error).stack}`);
  process.exit(2);
});
