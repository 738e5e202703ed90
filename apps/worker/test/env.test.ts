import { describe, expect, it } from "vitest";
import { EnvError, parseWorkerEnv } from "../src/env.ts";

describe("worker env", () => {
  it("defaults to the services on this machine", () => {
    const env = parseWorkerEnv({});
    expect(env.DATABASE_URL).toBe("postgresql://wirebench:wirebench@127.0.0.1:5432/wirebench");
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.WIREBENCH_QUEUE).toBe("wirebench-runs");
    expect(env.WORKER_SHUTDOWN_TIMEOUT_MS).toBe(30_000);
    // A run whose worker died is failed, not redelivered; children are bounded and unprivileged.
    expect(env.WORKER_MAX_RUN_ATTEMPTS).toBe(1);
    expect(env.WORKER_PREPARE_HEAP_MB).toBe(1024);
    expect(env.WORKER_PREPARE_RSS_MB).toBe(2048);
    expect(env.WORKER_PREPARE_TIMEOUT_MS).toBe(120_000);
    expect(env.WORKER_RUNTIMES_HEAP_MB).toBe(1024);
    expect(env.WORKER_RUNTIMES_RSS_MB).toBe(4096);
    expect(env.WORKER_RUNTIMES_TIMEOUT_MS).toBe(900_000);
    expect(env.WORKER_RUN_TIMEOUT_MS).toBe(1_800_000);
    expect(env.WIREBENCH_CHILD_USER).toBe("nobody");
  });

  it.each([
    [{ REDIS_URL: "http://localhost:6379" }, "REDIS_URL: must be a redis:// URL"],
    [{ DATABASE_URL: "mysql://root@localhost/x" }, "DATABASE_URL: must be a postgresql:// URL"],
    [{ WIREBENCH_QUEUE: "a queue" }, "WIREBENCH_QUEUE: letters, digits, '.', '_' or '-' only"],
    [{ WORKER_SHUTDOWN_TIMEOUT_MS: "-5" }, "WORKER_SHUTDOWN_TIMEOUT_MS:"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL:"],
    [{ WORKER_PREPARE_RSS_MB: "8" }, "WORKER_PREPARE_RSS_MB:"],
    [{ WORKER_RUNTIMES_TIMEOUT_MS: "10" }, "WORKER_RUNTIMES_TIMEOUT_MS:"],
    [{ WORKER_RUN_TIMEOUT_MS: "soon" }, "WORKER_RUN_TIMEOUT_MS:"],
    [{ WIREBENCH_CHILD_USER: "no body" }, "WIREBENCH_CHILD_USER: a user name"],
  ])("rejects %o with one line naming the variable", (vars, message) => {
    expect(() => parseWorkerEnv(vars)).toThrow(EnvError);
    expect(() => parseWorkerEnv(vars)).toThrow(message);
  });
});
