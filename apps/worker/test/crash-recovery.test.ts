import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, type RunFixture, spawnWorker, terminal, waitFor, workDirsOf } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("crash");
});
afterAll(async () => f?.close());

// Short leases so a dead worker is noticed in seconds, not the default 30 s.
const fastRecovery = {
  WORKER_LEASE_MS: "2000",
  WORKER_STALLED_INTERVAL_MS: "1000",
  WORKER_SWEEP_INTERVAL_MS: "1500",
};
const sample = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}`, score: i / 7 })),
});

describe("a worker killed mid-run", () => {
  it("fails the run once with a reason (never redelivered) and leaves no temp dir", async () => {
    const env = { DATABASE_URL: f.db.url, WIREBENCH_QUEUE: f.queueName, ...fastRecovery };
    const first = spawnWorker(env);
    const runId = await f.createRun(sample, ["json", "msgpackr"]);
    // Mid-run: claimed, and its work dir (the user's sample) is on disk.
    await waitFor(
      async () =>
        (await f.prisma.run.findUnique({ where: { id: runId } }))?.status === "running" &&
        workDirsOf(runId).length > 0,
      "run started",
    );
    first.child.kill("SIGKILL");
    await first.exit();

    const second = spawnWorker(env);
    try {
      const run = await waitFor(
        async () => {
          const r = await f.prisma.run.findUnique({ where: { id: runId } });
          return r && terminal.has(r.status) ? r : null;
        },
        "run to reach a terminal state",
        90_000,
      );
      expect(run.status).toBe("failed");
      expect(run.error).toMatch(/^the worker stopped while working on this run/);
      // Claimed once: the second worker never ran it again.
      expect(run.attempts).toBe(1);
      // The run row is written before BullMQ records the job's failure, so wait for the job too.
      await waitFor(
        async () => (await (await f.queue.getJob(runId))?.getState()) === "failed",
        "the job to be failed",
        30_000,
      );
      await waitFor(() => workDirsOf(runId).length === 0, "the dead run's work dir to be swept", 30_000);
      expect(second.output()).not.toContain('"msg":"run started"');
      // BullMQ's own stalled-job failure reached the failure hook (the sweeper is only the net).
      expect(second.output()).toContain("job stalled more than allowable limit");
    } finally {
      second.child.kill("SIGTERM");
      await second.exit();
    }
  }, 150_000);
});
