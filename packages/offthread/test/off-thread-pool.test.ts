import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createOffThreadPool, OffThreadError } from "../src/index.js";

const module = pathToFileURL(fileURLToPath(new URL("./fixtures/tasks.ts", import.meta.url))).href;
// The deadline counts the call from its start, so it also covers starting a replacement thread
// (with its TypeScript loader) after one was terminated: seconds on a loaded 2-core CI machine.
const deadlineMs = 5_000;
const pool = createOffThreadPool<unknown, unknown>({
  module,
  exportName: "runTask",
  threads: 1,
  deadlineMs,
  memoryMb: 64,
  maxQueue: 1,
});
afterAll(() => pool.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err as OffThreadError,
  );

describe("off-thread pool", () => {
  it("runs a TypeScript export in a thread and returns its value", async () => {
    expect(await pool.run({ op: "echo", value: [1, "two", { three: 3n }] })).toEqual({
      echoed: [1, "two", { three: 3n }],
    });
  });

  it("stops a call that runs past its deadline, and the pool keeps working", {
    timeout: 30_000,
  }, async () => {
    const err = await failure(pool.run({ op: "spin", untilAborted: true }));
    expect(err).toBeInstanceOf(OffThreadError);
    expect(err?.kind).toBe("deadline");
    expect(err?.message).toBe(`took longer than ${deadlineMs} ms`);
    expect(await pool.run({ op: "echo", value: "after" })).toEqual({ echoed: "after" });
  });

  it("refuses a call at once when the queue is full, while the thread is busy", {
    timeout: 30_000,
  }, async () => {
    const order: string[] = [];
    expect(await pool.run({ op: "echo", value: 0 })).toEqual({ echoed: 0 });
    const busy = failure(pool.run({ op: "spin", untilAborted: true })).then((e) =>
      order.push(`spin:${e?.kind}`),
    );
    const queued = pool.run({ op: "echo", value: 1 }).then(
      () => order.push("queued:ok"),
      (e: OffThreadError) => order.push(`queued:${e.kind}`),
    );
    const refused = await failure(pool.run({ op: "echo", value: 2 }));
    order.push(`refused:${refused?.kind}`);
    await Promise.all([busy, queued]);
    expect(refused?.message).toBe("1 calls are already waiting");
    expect(order[0]).toBe("refused:busy");
    expect(order).toContain("spin:deadline");
    expect(pool.inFlight).toBe(0);
  });

  it("ends a thread that exceeds its memory limit with a memory error", { timeout: 90_000 }, async () => {
    // A deadline far beyond the time to fill 64 MB, so the memory limit is what stops the call.
    const roomy = createOffThreadPool<unknown, unknown>({
      module,
      exportName: "runTask",
      threads: 1,
      deadlineMs: 60_000,
      memoryMb: 64,
      maxQueue: 1,
    });
    try {
      const err = await failure(roomy.run({ op: "hog" }));
      expect(err?.kind).toBe("memory");
      expect(err?.message).toBe("needed more than 64 MB of memory");
      expect(await roomy.run({ op: "echo", value: "still here" })).toEqual({ echoed: "still here" });
    } finally {
      await roomy.close();
    }
  });
});
