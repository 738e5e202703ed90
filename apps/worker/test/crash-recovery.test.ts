import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, type RunFixture, spawnWorker, terminal, waitFor } from "./helpers.ts";

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
  it("does not leave the run running: another worker takes it over and completes it", async () => {
    const env = { DATABASE_URL: f.db.url, WIREBENCH_QUEUE: f.queueName, ...fastRecovery };
    const first = spawnWorker(env);
    const runId = await f.createRun(sample, ["json", "msgpackr"]);
    await waitFor(
      async () => (await f.prisma.run.findUnique({ where: { id: runId } }))?.status === "running",
      "run started",
    );
    first.child.kill("SIGKILL");
    await first.exit();

    const second = spawnWorker(env);
    try {
      const run = await waitFor(
        async () => {
          const r = await f.prisma.run.findUnique({ where: { id: runId }, include: { results: true } });
          return r && terminal.has(r.status) ? r : null;
        },
        "run to reach a terminal state",
        90_000,
      );
      expect(run.status).toBe("completed");
      expect(run.attempts).toBe(2);
      expect(run.results.map((r) => r.format).sort()).toEqual(["json", "msgpack"]);
    } finally {
      second.child.kill("SIGTERM");
      await second.exit();
    }
  }, 120_000);
});
