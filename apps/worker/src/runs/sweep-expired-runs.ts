import { terminalRunStatuses } from "@wirebench/contracts";
import type { PrismaClient } from "@wirebench/db";
import type { Logger } from "../logger.ts";

const dayMs = 86_400_000;
/** Expiry is counted in days; looking once an hour keeps a run at most an hour past its time. */
const sweepIntervalMs = 3_600_000;
/** Rows deleted per statement, so a first sweep over a large backlog never holds long locks. */
const batchSize = 500;

export interface ExpiredRunSweep {
  prisma: PrismaClient;
  logger: Logger;
  /** WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS; 0 keeps anonymous runs forever. */
  retentionDays: number;
  now?: Date;
}

/**
 * Deletes anonymous runs (uploaded without a project token) older than the retention period, with
 * their results (the foreign key cascades). Their samples are users' data that nobody owns; a
 * project's runs are its history and stay. Only finished runs go: a queued or running one belongs to
 * the stale-run sweeper. Returns how many were deleted.
 */
export async function sweepExpiredRuns({ prisma, logger, retentionDays, now = new Date() }: ExpiredRunSweep) {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * dayMs);
  let deleted = 0;
  for (;;) {
    const expired = await prisma.run.findMany({
      where: {
        projectId: null,
        createdAt: { lt: cutoff },
        status: { in: [...terminalRunStatuses] },
      },
      select: { id: true },
      take: batchSize,
    });
    if (expired.length === 0) break;
    const res = await prisma.run.deleteMany({ where: { id: { in: expired.map((r) => r.id) } } });
    deleted += res.count;
    if (expired.length < batchSize) break;
  }
  if (deleted > 0) logger.info({ deleted, retentionDays }, "deleted expired anonymous runs");
  return deleted;
}

/** Sweeps at start, then hourly; the timer never keeps the worker alive on its own. */
export function startExpiredRunSweeper(opts: Omit<ExpiredRunSweep, "now">): () => void {
  const sweep = () =>
    void sweepExpiredRuns(opts).catch((err) =>
      opts.logger.warn({ err: String(err) }, "retention sweep failed"),
    );
  sweep();
  const timer = setInterval(sweep, sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
