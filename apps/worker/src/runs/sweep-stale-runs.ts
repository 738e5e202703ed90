import type { PrismaClient } from "@wirebench/db";
import { enqueueRun } from "@wirebench/jobs";
import type { Queue } from "bullmq";
import type { Logger } from "../logger.ts";
import { runTimeoutReason, workerDiedReason } from "./handle-run-job.ts";
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
  /** A run still running this long after its claim (plus graceMs) is failed, whoever holds it. */
  runTimeoutMs: number;
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
  runTimeoutMs,
}: SweepOptions): Promise<number> {
  // The deadline, enforced even when the worker holding the run is alive but stuck: its next lease
  // renewal sees the run failed and stops the pipeline.
  const overdue = await prisma.run.findMany({
    where: { status: "running", startedAt: { lt: new Date(Date.now() - runTimeoutMs - graceMs) } },
    select: { id: true },
    take: 100,
  });
  for (const run of overdue) {
    await failRun(prisma, run.id, runTimeoutReason(runTimeoutMs));
    logger.warn({ runId: run.id }, "overdue run failed");
  }
  const cutoff = new Date(Date.now() - graceMs);
  const stale = await prisma.run.findMany({
    where: {
      OR: [
        { status: "running", leaseExpiresAt: { lt: cutoff } },
        { status: "queued", updatedAt: { lt: cutoff } },
      ],
    },
    select: { id: true, attempts: true, status: true },
    take: 100,
  });
  let touched = overdue.length;
  for (const run of stale) {
    const job = await queue.getJob(run.id);
    const state = job ? await job.getState() : "missing";
    if (liveStates.has(state)) continue;
    touched++;
    // A queued run was handed back on purpose (graceful stop) or lost by Redis: that is no death.
    if (run.status === "running" && run.attempts >= maxAttempts) {
      await failRun(prisma, run.id, workerDiedReason(run.attempts, maxAttempts));
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
