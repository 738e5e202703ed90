import { createPrismaClient, ensureDatabase, ServiceUnreachableError } from "@wirebench/db";
import { createRunQueue, runJob } from "@wirebench/jobs";
import { EnvError, parseWorkerEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { checkRedis } from "./redis.ts";
import { createRunJobHandler } from "./runs/handle-run-job.ts";
import { runPipeline } from "./runs/run-pipeline.ts";
import { failRun } from "./runs/run-store.ts";
import { sweepStaleRuns } from "./runs/sweep-stale-runs.ts";
import { startWorker } from "./start-worker.ts";

async function main(): Promise<void> {
  const env = parseWorkerEnv();
  await checkRedis(env.REDIS_URL);
  await ensureDatabase(env.DATABASE_URL);
  const logger = createLogger(env.LOG_LEVEL);
  const prisma = createPrismaClient(env.DATABASE_URL);
  const queue = createRunQueue(env.REDIS_URL, env.WIREBENCH_QUEUE);

  const worker = startWorker({
    redisUrl: env.REDIS_URL,
    queue: env.WIREBENCH_QUEUE,
    logger,
    lockDurationMs: env.WORKER_LEASE_MS,
    stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
    handlers: {
      [runJob.name]: createRunJobHandler({
        prisma,
        pipeline: runPipeline,
        logger,
        leaseMs: env.WORKER_LEASE_MS,
      }),
    },
    onFinalFailure: async (job, reason) => {
      const parsed = runJob.payload.safeParse(job.data);
      if (parsed.success) await failRun(prisma, parsed.data.runId, reason);
    },
  });

  const sweep = () =>
    sweepStaleRuns({
      prisma,
      queue,
      logger,
      graceMs: env.WORKER_LEASE_MS,
      maxAttempts: env.WORKER_MAX_RUN_ATTEMPTS,
    }).catch((err) => logger.warn({ err: String(err) }, "sweep failed"));
  const sweeper = setInterval(sweep, env.WORKER_SWEEP_INTERVAL_MS);
  void sweep();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(sweeper);
    logger.info({ signal }, "worker stopping: finishing the current job");
    // A job still running at the deadline keeps its lease; another worker takes it over when it lapses.
    const deadline = setTimeout(() => {
      logger.warn("shutdown timeout reached; the current job will be taken over by another worker");
      process.exit(1);
    }, env.WORKER_SHUTDOWN_TIMEOUT_MS);
    await worker.close();
    await queue.close();
    await prisma.$disconnect();
    clearTimeout(deadline);
    logger.info("worker stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err: unknown) => {
  const known = err instanceof EnvError || err instanceof ServiceUnreachableError;
  console.error(`wirebench-worker: ${known ? (err as Error).message : (err as Error).stack}`);
  process.exit(2);
});
