import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkerEnv } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { createRunJobHandler } from "../src/runs/handle-run-job.ts";
import { createRunPipeline, pipelineSettings, runWorkDirPrefix } from "../src/runs/run-pipeline.ts";
import { sweepStaleRuns } from "../src/runs/sweep-stale-runs.ts";
import {
  createRunFixture,
  explodingSchema,
  type RunFixture,
  waitFor,
  withWorker,
  workDirsOf,
} from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("sweeps");
});
afterAll(async () => f?.close());

const newId = () => randomBytes(16).toString("base64url");
const minutes = (n: number) => new Date(Date.now() + n * 60_000);

/** A run work dir holding a "sample", as a killed worker leaves it. */
function leftDir(runId: string): string {
  const dir = mkdtempSync(join(tmpdir(), runWorkDirPrefix(runId)));
  writeFileSync(join(dir, "dataset.v8"), "the user's sample");
  return dir;
}

describe("work dirs", () => {
  it("are swept at worker start unless a live run owns them", async () => {
    const ended = newId();
    const live = newId();
    const elsewhere = newId(); // no such run here: another deployment's, and recent
    await f.prisma.run.create({ data: { id: ended, inputKind: "json", sampleText: "1", status: "failed" } });
    await f.prisma.run.create({
      data: { id: live, inputKind: "json", sampleText: "1", status: "running", leaseExpiresAt: minutes(10) },
    });
    const dirs = { ended: leftDir(ended), live: leftDir(live), elsewhere: leftDir(elsewhere) };
    try {
      await withWorker({ DATABASE_URL: f.db.url, WIREBENCH_QUEUE: f.queueName }, async (worker) => {
        await waitFor(() => worker.output().includes('"msg":"worker ready"'), "worker ready");
        expect(worker.output()).toContain("removed work dirs no live run owns");
      });
      expect(existsSync(dirs.ended)).toBe(false);
      expect(existsSync(dirs.live)).toBe(true);
      expect(existsSync(dirs.elsewhere)).toBe(true);
    } finally {
      for (const d of Object.values(dirs)) rmSync(d, { recursive: true, force: true });
    }
  });
});

describe("the run deadline", () => {
  it("is enforced by the sweeper even while a live worker holds the run", async () => {
    const id = newId();
    await f.prisma.run.create({
      data: {
        id,
        inputKind: "json",
        sampleText: "1",
        status: "running",
        attempts: 1,
        startedAt: minutes(-120),
        leaseExpiresAt: minutes(1),
      },
    });
    await sweepStaleRuns({
      prisma: f.prisma,
      queue: f.queue,
      logger: createLogger("silent"),
      graceMs: 1_000,
      maxAttempts: 1,
      runTimeoutMs: 60_000,
    });
    const run = await f.prisma.run.findUniqueOrThrow({ where: { id } });
    expect(run.status).toBe("failed");
    expect(run.error).toBe("the run exceeded its time limit (60000 ms)");
  });

  it("stops the worker's own pipeline (the preparation child is killed and awaited) and removes its work dir", async () => {
    const id = newId();
    await f.prisma.run.create({
      data: {
        id,
        inputKind: "jsonschema",
        schemaText: JSON.stringify(explodingSchema(4)),
        formats: ["json"],
        // Never finishes within the deadline: its synthesis would need many gigabytes.
        options: { quick: true, schemaKind: "jsonschema", maxSyntheticValues: 1_000_000_000 },
      },
    });
    const handle = createRunJobHandler({
      prisma: f.prisma,
      pipeline: createRunPipeline(pipelineSettings(parseWorkerEnv({ WORKER_PREPARE_HEAP_MB: "8192" }))),
      logger: createLogger("silent"),
      leaseMs: 30_000,
      runTimeoutMs: 1_500,
    });
    await expect(
      handle({ data: { runId: id }, attemptsMade: 0, opts: { attempts: 3 } } as unknown as Job),
    ).rejects.toThrow("the run exceeded its time limit (1500 ms)");
    const run = await f.prisma.run.findUniqueOrThrow({ where: { id } });
    expect(run.status).toBe("failed");
    expect(run.error).toBe("the run exceeded its time limit (1500 ms)");
    expect(workDirsOf(id)).toEqual([]);
  });
});
