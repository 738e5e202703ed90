import { randomBytes } from "node:crypto";
import { enqueueRun } from "@wirebench/jobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, type RunFixture, spawnWorker, type WorkerProcess, waitFor } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("shutdown");
});
afterAll(async () => f?.close());

const sample = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}`, score: i / 7 })),
});

/** A run with full (not quick) measurement settings, so it is still measuring when the signal comes. */
async function createSlowRun(): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await f.prisma.run.create({
    data: { id, inputKind: "json", sampleText: sample, formats: ["json", "msgpackr"], options: {} },
  });
  await enqueueRun(f.queue, id);
  return id;
}

const measuring = (runId: string) =>
  waitFor(async () => {
    const r = await f.prisma.run.findUnique({ where: { id: runId } });
    const progress = (r?.progress ?? {}) as Record<string, string>;
    return r?.status === "running" && Object.values(progress).includes("measuring");
  }, "the run to be measuring");

const stopGroup = (w: WorkerProcess) => process.kill(-(w.child.pid as number), "SIGTERM");

describe("SIGTERM with a run in flight", () => {
  it("finishes the run before exiting 0 when it fits in the shutdown timeout", async () => {
    const env = {
      DATABASE_URL: f.db.url,
      WIREBENCH_QUEUE: f.queueName,
      WORKER_SHUTDOWN_TIMEOUT_MS: "120000",
    };
    const worker = spawnWorker(env, { detached: true });
    try {
      const runId = await createSlowRun();
      await measuring(runId);
      // The whole group, as scripts/up.mjs stops the worker: the measurement child must not die with it.
      stopGroup(worker);
      expect(await worker.exit()).toBe(0);
      const run = await f.prisma.run.findUniqueOrThrow({ where: { id: runId }, include: { results: true } });
      expect(run.status).toBe("completed");
      expect(run.results.map((r) => [r.formatId, r.ok]).sort()).toEqual([
        ["json", true],
        ["msgpackr", true],
      ]);
    } finally {
      worker.child.kill("SIGKILL");
    }
  }, 180_000);

  it("hands the run back to the queue at the timeout, and another worker completes it", async () => {
    const env = { DATABASE_URL: f.db.url, WIREBENCH_QUEUE: f.queueName };
    const first = spawnWorker({ ...env, WORKER_SHUTDOWN_TIMEOUT_MS: "300" }, { detached: true });
    const runId = await createSlowRun();
    try {
      await measuring(runId);
      stopGroup(first);
      expect(await first.exit()).toBe(1);
    } finally {
      first.child.kill("SIGKILL");
    }
    expect(first.output()).toContain('"msg":"run handed back to the queue"');
    // Default (30 s) leases: only the hand-back, not a lapsed lease, can make it queued this soon.
    const handedBack = await f.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(handedBack.status).toBe("queued");
    expect(handedBack.leaseExpiresAt).toBeNull();

    const second = spawnWorker({ ...env, WORKER_SHUTDOWN_TIMEOUT_MS: "120000" });
    try {
      const run = await waitFor(
        async () => {
          const r = await f.prisma.run.findUnique({ where: { id: runId }, include: { results: true } });
          return r?.status === "completed" ? r : null;
        },
        "the second worker to complete the run",
        150_000,
      );
      expect(run.attempts).toBe(2);
      expect(run.results.map((r) => r.formatId).sort()).toEqual(["json", "msgpackr"]);
    } finally {
      second.child.kill("SIGTERM");
      await second.exit();
    }
  }, 240_000);
});
