import { randomBytes } from "node:crypto";
import { type FormatResult, formatResultSchema } from "@wirebench/contracts";
import type { Job } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkerEnv } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { createRunJobHandler, type RunPipeline } from "../src/runs/handle-run-job.ts";
import { createRunPipeline, pipelineSettings } from "../src/runs/run-pipeline.ts";
import { createRunFixture, type RunFixture } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("incremental");
});
afterAll(async () => f?.close());

/** A stored entry has timings once its format was measured, not just verified. */
const timed = (detail: unknown) => formatResultSchema.parse(detail).encode !== null;

interface Snapshot {
  entry: FormatResult;
  status: string;
  progress: Record<string, string>;
  rows: { formatId: string; timed: boolean }[];
}

describe("results are saved as each format settles", () => {
  it("writes a format's row once it is verified, while the run is still running, then its timings", async () => {
    const runId = randomBytes(16).toString("base64url");
    await f.prisma.run.create({
      data: {
        id: runId,
        inputKind: "json",
        sampleText: JSON.stringify({ id: 1, name: "one", tags: ["a", "b"], score: 0.5 }),
        formats: ["json", "msgpackr"],
        options: { quick: true },
      },
    });
    // Wraps the real pipeline's hook to look at the database right after each save.
    const snapshots: Snapshot[] = [];
    const runPipeline = createRunPipeline(pipelineSettings(parseWorkerEnv({})));
    const pipeline: RunPipeline = (run, hooks) =>
      runPipeline(run, {
        signal: hooks.signal,
        onProgress: hooks.onProgress,
        onResult: async (entry) => {
          await hooks.onResult(entry);
          const row = await f.prisma.run.findUniqueOrThrow({ where: { id: runId } });
          const rows = await f.prisma.formatResult.findMany({
            where: { runId },
            orderBy: { formatId: "asc" },
          });
          snapshots.push({
            entry,
            status: row.status,
            progress: row.progress as Record<string, string>,
            rows: rows.map((r) => ({ formatId: r.formatId, timed: timed(r.detail) })),
          });
        },
      });
    const handle = createRunJobHandler({
      prisma: f.prisma,
      pipeline,
      logger: createLogger("silent"),
      leaseMs: 30_000,
    });
    await handle({ data: { runId }, attemptsMade: 0, opts: { attempts: 3 } } as unknown as Job);

    for (const id of ["json", "msgpackr"]) {
      const mine = snapshots.filter((s) => s.entry.id === id);
      expect(mine.map((s) => s.entry.encode === null)).toEqual([true, false]);
      const [verified, final] = mine as [Snapshot, Snapshot];
      expect(verified.status).toBe("running");
      expect(verified.rows).toContainEqual({ formatId: id, timed: false });
      expect(final.status).toBe("running");
      expect(final.rows).toContainEqual({ formatId: id, timed: true });
      expect(final.progress[id]).not.toBe("done");
    }
    // Both untimed rows existed before either format had timings.
    expect(snapshots[1]?.rows).toEqual([
      { formatId: "json", timed: false },
      { formatId: "msgpackr", timed: false },
    ]);

    const run = await f.prisma.run.findUniqueOrThrow({ where: { id: runId }, include: { results: true } });
    expect(run.status).toBe("completed");
    expect(run.progress).toEqual({ json: "done", msgpackr: "done" });
    expect(run.results.map((r) => [r.formatId, r.ok, timed(r.detail)]).sort()).toEqual([
      ["json", true, true],
      ["msgpackr", true, true],
    ]);
  }, 120_000);
});
