import type { FormatResult, RunEnvironment, SweepOutcome } from "@wirebench/contracts";
import type { PrismaClient } from "@wirebench/db";
import { runJob } from "@wirebench/jobs";
import { DelayedError, type Job, UnrecoverableError } from "bullmq";
import type { Logger } from "../logger.ts";
import { isTransient } from "./is-transient.ts";
import {
  claimRun,
  completeRun,
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
  onResult(entry: FormatResult): Promise<void>;
  /** Aborted when the run passes its deadline or ends elsewhere (the sweeper failed it). */
  signal: AbortSignal;
}

/** Turns a run's stored input into results; the real one calls packages/schemas and packages/codecs. */
export type RunPipeline = (
  run: ClaimedRun,
  hooks: PipelineHooks,
) => Promise<{ ir?: unknown; environment?: RunEnvironment; sweep?: SweepOutcome }>;

export interface RunHandlerOptions {
  prisma: PrismaClient;
  pipeline: RunPipeline;
  logger: Logger;
  /** How long a claim on a run lasts without renewal (renewed every third of it). */
  leaseMs: number;
  /** Longest a run may take from its claim; the pipeline is stopped then. Default: no deadline. */
  runTimeoutMs?: number;
  /** A run whose worker died this many times is failed instead of taken over. Default 1. */
  maxAttempts?: number;
}

/** Why a run is failed when its worker died (BullMQ's stalled check, a lapsed lease, the sweeper). */
export function workerDiedReason(attempts: number, maxAttempts: number): string {
  return maxAttempts <= 1
    ? "the worker stopped while working on this run (killed, or out of memory); a run is not retried after its worker dies"
    : `the worker stopped ${attempts} times while working on this run; giving up`;
}

export const runTimeoutReason = (ms: number) => `the run exceeded its time limit (${ms} ms)`;

export function createRunJobHandler({
  prisma,
  pipeline,
  logger,
  leaseMs,
  runTimeoutMs,
  maxAttempts = 1,
}: RunHandlerOptions) {
  return async (job: Job, token?: string): Promise<void> => {
    const { runId } = runJob.payload.parse(job.data);
    const run = await claimRun(prisma, runId, leaseMs, maxAttempts);
    if (!run) {
      const current = await prisma.run.findUnique({ where: { id: runId } });
      if (!current) throw new UnrecoverableError(`run ${runId} does not exist`);
      if (current.status === "running" && current.leaseExpiresAt) {
        if (current.leaseExpiresAt < new Date()) {
          // Lapsed, yet not claimable: its worker died with it as often as allowed. Never again.
          const reason = workerDiedReason(current.attempts, maxAttempts);
          await failRun(prisma, runId, reason);
          throw new UnrecoverableError(reason);
        }
        if (token) {
          // A worker that died may still hold the lease: come back when it lapses, then decide.
          await job.moveToDelayed(current.leaseExpiresAt.getTime() + 250, token);
          throw new DelayedError();
        }
      }
      logger.info({ runId, status: current.status }, "run already finished; nothing to do");
      return;
    }

    const log = logger.child({ runId, attempt: run.attempts });
    log.info("run started");
    // Children do the heavy work, so these timers keep firing however hostile the input is.
    const stop = new AbortController();
    const deadline =
      runTimeoutMs === undefined
        ? undefined
        : setTimeout(() => stop.abort(new Error(runTimeoutReason(runTimeoutMs))), runTimeoutMs);
    const renew = setInterval(() => {
      renewLease(prisma, runId, leaseMs)
        .then((held) => {
          if (!held) stop.abort(new Error("the run was ended elsewhere (failed by the sweeper or canceled)"));
        })
        .catch((err) => log.warn({ err: String(err) }, "lease renewal failed"));
    }, leaseMs / 3);
    // Progress writes are fire-and-forget but ordered per run, so the last stage written wins.
    let progressChain = Promise.resolve();
    try {
      const out = await pipeline(run, {
        onProgress: (key, stage) => {
          progressChain = progressChain.then(() => recordProgress(prisma, runId, key, stage)).catch(() => {});
        },
        onResult: (entry) => saveFormatResult(prisma, runId, entry),
        signal: stop.signal,
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
      clearTimeout(deadline);
    }
  };
}
