import type { PrismaClient } from "@wirebench/db";
import { runJob } from "@wirebench/jobs";
import { DelayedError, type Job, UnrecoverableError } from "bullmq";
import type { Logger } from "../logger.ts";
import { isTransient } from "./is-transient.ts";
import {
  claimRun,
  completeRun,
  type FormatResultEntry,
  type FormatStage,
  failRun,
  recordProgress,
  renewLease,
  requeueRun,
  saveFormatResult,
} from "./run-store.ts";

export type ClaimedRun = NonNullable<Awaited<ReturnType<typeof claimRun>>>;

export interface PipelineHooks {
  onProgress(key: string, stage: FormatStage): void;
  onResult(entry: FormatResultEntry): Promise<void>;
}

/** Turns a run's stored input into results; the real one calls packages/schemas and packages/codecs. */
export type RunPipeline = (
  run: ClaimedRun,
  hooks: PipelineHooks,
) => Promise<{ ir?: unknown; environment?: unknown }>;

export interface RunHandlerOptions {
  prisma: PrismaClient;
  pipeline: RunPipeline;
  logger: Logger;
  /** How long a claim on a run lasts without renewal (renewed every third of it). */
  leaseMs: number;
}

export function createRunJobHandler({ prisma, pipeline, logger, leaseMs }: RunHandlerOptions) {
  return async (job: Job, token?: string): Promise<void> => {
    const { runId } = runJob.payload.parse(job.data);
    const run = await claimRun(prisma, runId, leaseMs);
    if (!run) {
      const current = await prisma.run.findUnique({ where: { id: runId } });
      if (!current) throw new UnrecoverableError(`run ${runId} does not exist`);
      if (current.status === "running" && current.leaseExpiresAt && token) {
        // A worker that died still holds the lease: come back when it lapses, then take the run over.
        await job.moveToDelayed(current.leaseExpiresAt.getTime() + 250, token);
        throw new DelayedError();
      }
      logger.info({ runId, status: current.status }, "run already finished; nothing to do");
      return;
    }

    const log = logger.child({ runId, attempt: run.attempts });
    log.info("run started");
    const renew = setInterval(() => {
      renewLease(prisma, runId, leaseMs).catch((err) =>
        log.warn({ err: String(err) }, "lease renewal failed"),
      );
    }, leaseMs / 3);
    // Progress writes are fire-and-forget but ordered per run, so the last stage written wins.
    let progressChain = Promise.resolve();
    try {
      const out = await pipeline(run, {
        onProgress: (key, stage) => {
          progressChain = progressChain.then(() => recordProgress(prisma, runId, key, stage)).catch(() => {});
        },
        onResult: (entry) => saveFormatResult(prisma, runId, entry),
      });
      await progressChain;
      await completeRun(prisma, runId, out);
      log.info("run completed");
    } catch (err) {
      await progressChain;
      const message = (err as Error)?.message ?? String(err);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (!isTransient(err)) {
        await failRun(prisma, runId, message);
        log.warn({ err: message }, "run failed");
        throw new UnrecoverableError(message);
      }
      if (lastAttempt) {
        await failRun(prisma, runId, `gave up after ${job.attemptsMade + 1} attempts: ${message}`);
      } else {
        // Hand the run back so the retry can claim it at once.
        await requeueRun(prisma, runId);
      }
      throw err;
    } finally {
      clearInterval(renew);
    }
  };
}
