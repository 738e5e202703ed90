import { randomUUID } from "node:crypto";
import {
  checkContract,
  type FormatResult,
  type FormatStage,
  formatResultSchema,
  formatStageSchema,
  type RunEnvironment,
  runEnvironmentSchema,
  type SweepOutcome,
  terminalRunStatuses,
} from "@wirebench/contracts";
import type { PrismaClient } from "@wirebench/db";

export type { FormatStage };

// What the worker stores passes through the contract the web reads it with: a result that does not
// match is a bug here, reported as the run's failure instead of stored for the page to choke on.

/**
 * Takes a run for this worker: a queued run, or a running one whose lease lapsed (its worker died)
 * if it has been started fewer than `maxAttempts` times. Returns null when the run is finished,
 * another live worker holds it, or its worker died too often, so a duplicate job is a no-op.
 */
export async function claimRun(prisma: PrismaClient, runId: string, leaseMs: number, maxAttempts = 1) {
  const now = new Date();
  const claimed = await prisma.run.updateMany({
    where: {
      id: runId,
      OR: [
        { status: "queued" },
        { status: "running", leaseExpiresAt: { lt: now }, attempts: { lt: maxAttempts } },
      ],
    },
    data: {
      status: "running",
      attempts: { increment: 1 },
      startedAt: now,
      leaseExpiresAt: new Date(now.getTime() + leaseMs),
      error: null,
    },
  });
  if (claimed.count === 0) return null;
  return prisma.run.findUniqueOrThrow({ where: { id: runId } });
}

/** Extends this worker's claim; false when the run is no longer running (ended elsewhere). */
export async function renewLease(prisma: PrismaClient, runId: string, leaseMs: number): Promise<boolean> {
  const renewed = await prisma.run.updateMany({
    where: { id: runId, status: "running" },
    data: { leaseExpiresAt: new Date(Date.now() + leaseMs) },
  });
  return renewed.count > 0;
}

/** Merges one format's stage into the run's progress map in one statement, so updates never race. */
export async function recordProgress(prisma: PrismaClient, runId: string, key: string, stage: FormatStage) {
  checkContract(formatStageSchema, stage, "progress stage");
  await prisma.$executeRaw`UPDATE runs SET progress = progress || jsonb_build_object(${key}::text, ${stage}::text), updated_at = now() WHERE id = ${runId}`;
}

/** Writes (or overwrites) one format's entry; the whole entry is the row's `detail`. */
export async function saveFormatResult(
  prisma: PrismaClient,
  runId: string,
  entry: FormatResult,
): Promise<void> {
  const detail = checkContract(formatResultSchema, entry, `the result of ${entry.id}`);
  await prisma.formatResult.upsert({
    where: { runId_formatId: { runId, formatId: detail.id } },
    create: {
      id: randomUUID(),
      runId,
      formatId: detail.id,
      format: detail.format,
      variant: detail.variant,
      ok: detail.ok,
      detail,
    },
    update: { ok: detail.ok, detail },
  });
}

const asJson = (v: unknown) =>
  v === undefined || v === null ? undefined : (JSON.parse(JSON.stringify(v)) as object);

export async function completeRun(
  prisma: PrismaClient,
  runId: string,
  data: { ir?: unknown; environment?: RunEnvironment; sweep?: SweepOutcome },
): Promise<void> {
  const environment =
    data.environment && checkContract(runEnvironmentSchema, data.environment, "the environment");
  await prisma.run.updateMany({
    where: { id: runId, status: "running" },
    data: {
      status: "completed",
      finishedAt: new Date(),
      leaseExpiresAt: null,
      ir: asJson(data.ir),
      environment: asJson(environment),
      ...(data.sweep !== undefined ? { sweep: asJson(data.sweep) } : {}),
    },
  });
}

/** Hands a running run back to `queued` (lease cleared) so the next claim takes it at once. */
export async function requeueRun(prisma: PrismaClient, runId: string): Promise<void> {
  await prisma.run.updateMany({
    where: { id: runId, status: "running" },
    data: { status: "queued", leaseExpiresAt: null },
  });
}

/** Ends a run as failed with a readable reason, unless it already ended. */
export async function failRun(prisma: PrismaClient, runId: string, error: string): Promise<void> {
  await prisma.run.updateMany({
    where: { id: runId, status: { notIn: [...terminalRunStatuses] } },
    data: { status: "failed", error, finishedAt: new Date(), leaseExpiresAt: null },
  });
}
