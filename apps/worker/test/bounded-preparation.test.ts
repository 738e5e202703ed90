import { randomBytes } from "node:crypto";
import { enqueueRun } from "@wirebench/jobs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRunFixture,
  explodingSchema,
  type RunFixture,
  terminal,
  waitFor,
  withWorker,
  workDirsOf,
} from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("bounded");
});
afterAll(async () => f?.close());

async function createSchemaRun(schema: object): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await f.prisma.run.create({
    data: {
      id,
      inputKind: "jsonschema",
      schemaText: JSON.stringify(schema),
      formats: ["json"],
      // A synthesis budget far beyond memory (the default one would refuse first): the bound must hold.
      options: { quick: true, schemaKind: "jsonschema", maxSyntheticValues: 1_000_000_000 },
    },
  });
  await enqueueRun(f.queue, id);
  return id;
}

const finished = (runId: string) =>
  waitFor(
    async () => {
      const r = await f.prisma.run.findUnique({ where: { id: runId } });
      return r && terminal.has(r.status) ? r : null;
    },
    "run to finish",
    120_000,
  );

describe("preparing a run's data in a bounded child", () => {
  const env = (bounds: Record<string, string>) => ({
    DATABASE_URL: f.db.url,
    WIREBENCH_QUEUE: f.queueName,
    ...bounds,
  });

  it("fails a run whose synthesis outgrows the resident limit once, naming the bound; the worker lives on", async () => {
    // The heap limit is far above the resident one, so the watchdog is what stops it.
    await withWorker(
      env({ WORKER_PREPARE_RSS_MB: "300", WORKER_PREPARE_HEAP_MB: "8192" }),
      async (worker) => {
        const hostile = await createSchemaRun(explodingSchema(4));
        const run = await finished(hostile);
        expect(run.status).toBe("failed");
        expect(run.error).toBe("preparing the data exceeded the memory limit (300 MB resident)");
        expect(run.attempts).toBe(1);
        // The run row is written before BullMQ records the job's failure, so wait for the job too.
        await waitFor(
          async () => (await (await f.queue.getJob(hostile))?.getState()) === "failed",
          "the job to be failed",
          30_000,
        );
        expect(workDirsOf(hostile)).toEqual([]);

        // The same worker process takes the next run and completes it.
        const fine = await f.createRun(JSON.stringify({ id: 1, name: "one" }), ["json"]);
        expect((await finished(fine)).status).toBe("completed");
        expect(worker.child.exitCode).toBeNull();
      },
    );
  }, 180_000);

  it("names the heap limit when V8 runs out of heap first", async () => {
    await withWorker(env({ WORKER_PREPARE_HEAP_MB: "64", WORKER_PREPARE_RSS_MB: "4096" }), async () => {
      const run = await finished(await createSchemaRun(explodingSchema(4)));
      expect(run.status).toBe("failed");
      expect(run.error).toBe("preparing the data exceeded the memory limit (64 MB heap)");
      expect(run.attempts).toBe(1);
    });
  }, 180_000);
});
