import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { queueEnv } from "../src/queue-env.ts";
import { isRedisDown, pingRedis } from "../src/redis-down.ts";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("the queue settings slice", () => {
  it("defaults to Redis on this machine and the runs queue", () => {
    expect(queueEnv.parse({})).toEqual({
      REDIS_URL: "redis://127.0.0.1:6379",
      WIREBENCH_QUEUE: "wirebench-runs",
    });
    expect(queueEnv.parse({ REDIS_URL: "rediss://cache:6380", WIREBENCH_QUEUE: "ci.runs-2" })).toEqual({
      REDIS_URL: "rediss://cache:6380",
      WIREBENCH_QUEUE: "ci.runs-2",
    });
  });

  it.each([
    [{ REDIS_URL: "http://localhost:6379" }, "REDIS_URL", "must be a redis:// URL"],
    [{ WIREBENCH_QUEUE: "a queue" }, "WIREBENCH_QUEUE", "letters, digits, '.', '_' or '-' only"],
  ])("names the setting of a bad value: %o", (vars, setting, message) => {
    const r = queueEnv.safeParse(vars);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([[setting, message]]);
  });
});

describe("isRedisDown", () => {
  it("recognises a probe and a client with bounded retries finding nothing listening", async () => {
    const probe = await rejection(pingRedis("redis://127.0.0.1:1", 1_000));
    expect(String((probe as Error)?.message)).toMatch(/ECONNREFUSED/);
    expect(isRedisDown(probe)).toBe(true);
    // How the web app's clients fail (one retry per command): no socket error in the message.
    const client = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 1, retryStrategy: () => 10 });
    client.on("error", () => {});
    const command = await rejection(client.get("x"));
    client.disconnect();
    expect(String((command as Error)?.message)).not.toMatch(/ECONN/);
    expect(isRedisDown(command)).toBe(true);
  });

  it("leaves a wrong command to be a wrong command, and a live Redis answers the probe", async () => {
    await expect(pingRedis(redisUrl)).resolves.toBeUndefined();
    const client = new Redis(redisUrl);
    const key = `wirebench-test-${randomBytes(4).toString("hex")}`;
    try {
      await client.set(key, "not a number", "EX", 60);
      const err = await rejection(client.incr(key));
      expect(String((err as Error)?.message)).toMatch(/not an integer/);
      expect(isRedisDown(err)).toBe(false);
    } finally {
      await client.del(key);
      client.disconnect();
    }
  });
});
