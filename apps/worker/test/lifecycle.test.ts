import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { Queue, QueueEvents } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const mainPath = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const redisUrl = "redis://127.0.0.1:6379";

function spawnWorker(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", mainPath], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  return { child, output: () => out };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("worker", { migrate: false });
});
afterAll(async () => db?.drop());

describe("worker process", () => {
  it("connects, takes jobs from its queue, and stops cleanly on SIGTERM", async () => {
    const queueName = `test-worker-${randomBytes(4).toString("hex")}`;
    const { child, output } = spawnWorker({
      REDIS_URL: redisUrl,
      DATABASE_URL: db.url,
      WIREBENCH_QUEUE: queueName,
    });
    const queue = new Queue(queueName, { connection: { url: redisUrl } });
    const events = new QueueEvents(queueName, { connection: { url: redisUrl } });
    try {
      await waitFor(() => output().includes('"msg":"worker ready"'), "worker ready");
      await events.waitUntilReady();
      const job = await queue.add("no-such-job", {});
      const failed = new Promise<string>((resolve) =>
        events.on("failed", ({ jobId, failedReason }) => jobId === job.id && resolve(failedReason)),
      );
      expect(await failed).toBe('unknown job name "no-such-job"');

      child.kill("SIGTERM");
      expect(await exitOf(child)).toBe(0);
      expect(output()).toContain('"msg":"worker stopped"');
    } finally {
      child.kill("SIGKILL");
      await events.close();
      await queue.obliterate({ force: true });
      await queue.close();
    }
  });

  it("exits with one clear line when Redis is unreachable", async () => {
    const { child, output } = spawnWorker({ REDIS_URL: "redis://127.0.0.1:1", DATABASE_URL: db.url });
    expect(await exitOf(child)).toBe(2);
    expect(output().trim()).toMatch(
      /^wirebench-worker: Redis is not reachable at redis:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)\. Start Redis/,
    );
    expect(output().trim().split("\n")).toHaveLength(1);
  });

  it("exits with one clear line when the environment is invalid", async () => {
    const { child, output } = spawnWorker({ REDIS_URL: "not a url" });
    expect(await exitOf(child)).toBe(2);
    expect(output().trim()).toBe("wirebench-worker: Invalid environment: REDIS_URL: must be a redis:// URL");
  });
});
