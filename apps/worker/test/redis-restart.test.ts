import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/schemas/test/scratch-dir.ts";
import { createRunFixture, type RunFixture, spawnWorker, terminal, waitFor } from "./helpers.ts";

// A Redis of this test's own, so restarting it disturbs no other test.
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
const dir = scratchDir("wirebench-redis-");
let port: number;
let redis: ChildProcess | undefined;
const startRedis = async () => {
  redis = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: "ignore" },
  );
  await waitFor(
    async () => {
      const { Redis } = await import("ioredis");
      const c = new Redis(port, "127.0.0.1", {
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      c.on("error", () => {});
      const ok = await c
        .connect()
        .then(() => c.ping())
        .then(
          () => true,
          () => false,
        );
      c.disconnect();
      return ok;
    },
    "redis-server to accept connections",
    10_000,
  );
};
const stopRedis = () =>
  new Promise<void>((resolve) => {
    if (!redis || redis.exitCode !== null) return resolve();
    redis.once("exit", () => resolve());
    redis.kill("SIGKILL");
  });

let f: RunFixture;
beforeAll(async () => {
  port = await freePort();
  await startRedis();
  f = await createRunFixture("redisrestart", `redis://127.0.0.1:${port}`);
});
afterAll(async () => {
  await f?.close();
  await stopRedis();
});

describe("Redis restarted while a worker waits", () => {
  it("the worker reconnects and takes the next job", async () => {
    const worker = spawnWorker({
      DATABASE_URL: f.db.url,
      REDIS_URL: f.redisUrl,
      WIREBENCH_QUEUE: f.queueName,
    });
    try {
      await waitFor(() => worker.output().includes('"msg":"worker ready"'), "worker ready");
      await stopRedis();
      await new Promise((r) => setTimeout(r, 1_500));
      await startRedis();
      const runId = await f.createRun('{"id": 1, "name": "after restart"}', ["json"]);
      const run = await waitFor(
        async () => {
          const r = await f.prisma.run.findUnique({ where: { id: runId } });
          return r && terminal.has(r.status) ? r : null;
        },
        "the run queued after the restart to finish",
        60_000,
      );
      expect(run.status).toBe("completed");
      expect(worker.child.exitCode).toBeNull();
    } finally {
      worker.child.kill("SIGTERM");
      await worker.exit();
    }
  }, 90_000);
});
