import type { PrismaClient } from "@wirebench/db";
import { enqueueRun } from "@wirebench/jobs";
import type { Queue } from "bullmq";
import type { Logger } from "../logger.ts";
import { failRun } from "./run-store.ts";

const liveStates = new Set(["waiting", "active", "delayed", "prioritized", "waiting-children"]);

export interface SweepOptions {
  prisma: PrismaClient;
  queue: Queue;
  logger: Logger;
  /** A run must look abandoned this long before the sweeper touches it. */
  graceMs: number;
  /** A run whose worker died this many times is failed instead of retried. */
  maxAttempts: number;
}

/**
 * The safety net under BullMQ's stalled-job check: finds runs that PostgreSQL says are queued or
 * running but that no live job carries any more (Redis lost it, or it failed without the run being
 * updated), and re-enqueues them or fails them with a reason. No run stays non-terminal forever.
 */
export async function sweepStaleRuns({
  prisma,
  queue,
  logger,
  graceMs,
  maxAttempts,
}: SweepOptions): Promise<number> {
  const cutoff = new Date(Date.now() - graceMs);
  const stale = await prisma.run.findMany({
    where: {
      OR: [
        { status: "running", leaseExpiresAt: { lt: cutoff } },
        { status: "queued", updatedAt: { lt: cutoff } },
      ],
    },
    select: { id: true, attempts: true },
    take: 100,
  });
  let touched = 0;
  for (const run of stale) {
    const job = await queue.getJob(run.id);
    const state = job ? await job.getState() : "missing";
    if (liveStates.has(state)) continue;
    touched++;
    if (run.attempts >= maxAttempts) {
      await failRun(
        prisma,
        run.id,
        `the worker stopped ${run.attempts} times while measuring this run; giving up`,
      );
      logger.warn({ runId: run.id }, "stale run failed");
      continue;
    }
    await job?.remove();
    await prisma.run.update({ where: { id: run.id }, data: { status: "queued", leaseExpiresAt: null } });
    await enqueueRun(queue, run.id);
    logger.warn({ runId: run.id, jobState: state }, "stale run re-enqueued");
  }
  return touched;
}
