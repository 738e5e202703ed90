import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createRunQueue, enqueueRun, runJob } from "../src/run-job.ts";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
let queue: ReturnType<typeof createRunQueue> | undefined;
afterEach(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
  queue = undefined;
});

describe("run job", () => {
  it("carries only the run id and is enqueued once per run", async () => {
    queue = createRunQueue(redisUrl, `test-jobs-${randomBytes(4).toString("hex")}`);
    await enqueueRun(queue, "run-abc");
    await enqueueRun(queue, "run-abc");
    const jobs = await queue.getJobs(["waiting"]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.name).toBe("run");
    expect(jobs[0]!.id).toBe("run-abc");
    expect(jobs[0]!.data).toEqual({ runId: "run-abc" });
  });

  it("rejects an empty run id before touching Redis", () => {
    expect(() => runJob.payload.parse({ runId: "" })).toThrow();
  });
});
