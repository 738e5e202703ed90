import { randomBytes } from "node:crypto";
import { formatResultOf } from "@wirebench/contracts/testing";
import { createPrismaClient, type PrismaClient } from "@wirebench/db";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseWorkerEnv } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { sweepExpiredRuns } from "../src/runs/sweep-expired-runs.ts";

let db: TestDatabase;
let prisma: PrismaClient;
beforeAll(async () => {
  db = await createTestDatabase("expiredruns");
  prisma = createPrismaClient(db.url);
});
afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

const logger = createLogger("silent");
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const insert = async (opts: { ageDays: number; projectId?: string; status?: "completed" | "running" }) => {
  const id = randomBytes(17).toString("base64url");
  await prisma.run.create({
    data: {
      id,
      inputKind: "json",
      sampleText: '[{"secret": 1}]',
      status: opts.status ?? "completed",
      projectId: opts.projectId ?? null,
      createdAt: daysAgo(opts.ageDays),
      results: {
        create: {
          id: randomBytes(12).toString("hex"),
          formatId: "json",
          format: "json",
          variant: "",
          ok: true,
          detail: formatResultOf({ id: "json", format: "json", variant: "" }),
        },
      },
    },
  });
  return id;
};

describe("the retention sweep", () => {
  it("deletes finished anonymous runs past the retention, with their results, and nothing else", async () => {
    const project = await prisma.project.create({ data: { id: "p1", slug: "p1", name: "P" } });
    const old = await Promise.all(Array.from({ length: 3 }, () => insert({ ageDays: 31 })));
    const young = await insert({ ageDays: 29 });
    const owned = await insert({ ageDays: 400, projectId: project.id });
    const running = await insert({ ageDays: 31, status: "running" });
    expect(await sweepExpiredRuns({ prisma, logger, retentionDays: 30 })).toBe(3);
    const left = (await prisma.run.findMany({ select: { id: true } })).map((r) => r.id).sort();
    expect(left).toEqual([young, owned, running].sort());
    expect(await prisma.formatResult.count({ where: { runId: { in: old } } })).toBe(0);
    expect(await sweepExpiredRuns({ prisma, logger, retentionDays: 30 })).toBe(0);
  });

  it("keeps everything with a retention of 0, and reads the setting with a 30-day default", async () => {
    await insert({ ageDays: 5_000 });
    const before = await prisma.run.count();
    expect(await sweepExpiredRuns({ prisma, logger, retentionDays: 0 })).toBe(0);
    expect(await prisma.run.count()).toBe(before);
    expect(parseWorkerEnv({}).WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS).toBe(30);
    expect(
      parseWorkerEnv({ WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS: "0" }).WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS,
    ).toBe(0);
    expect(() => parseWorkerEnv({ WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS: "-1" })).toThrow(
      /WIREBENCH_ANONYMOUS_RUN_RETENTION_DAYS/,
    );
  });

  it("works through a backlog larger than one batch", async () => {
    await prisma.run.deleteMany({ where: { projectId: null } });
    const data = Array.from({ length: 1_201 }, () => ({
      id: randomBytes(17).toString("base64url"),
      inputKind: "json" as const,
      status: "failed" as const,
      createdAt: daysAgo(60),
    }));
    await prisma.run.createMany({ data });
    expect(await sweepExpiredRuns({ prisma, logger, retentionDays: 30 })).toBe(1_201);
    expect(await prisma.run.count({ where: { projectId: null } })).toBe(0);
  });
});
