import { randomBytes } from "node:crypto";
import { type FormatResult, formatResultSchema } from "@wirebench/contracts";
import { formatResultOf } from "@wirebench/contracts/testing";
import { createPrismaClient, type PrismaClient } from "@wirebench/db";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveFormatResult } from "../src/runs/run-store.ts";

let db: TestDatabase;
let prisma: PrismaClient;
beforeAll(async () => {
  db = await createTestDatabase("runstore");
  prisma = createPrismaClient(db.url);
}, 60_000);
afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

const entry = (id: string, library: string, bytes: number): FormatResult =>
  formatResultOf({ id, format: "msgpack", variant: "plain", library, bytes });

describe("saveFormatResult", () => {
  it("keeps two libraries that share a format and variant apart, and updates each by its id", async () => {
    const runId = randomBytes(16).toString("base64url");
    await prisma.run.create({ data: { id: runId, inputKind: "json", sampleText: "{}" } });

    await saveFormatResult(prisma, runId, entry("msgpackr", "msgpackr", 10));
    await saveFormatResult(prisma, runId, entry("msgpack-js", "@msgpack/msgpack", 11));
    await saveFormatResult(prisma, runId, entry("msgpackr", "msgpackr", 12));

    const rows = await prisma.formatResult.findMany({ where: { runId }, orderBy: { formatId: "asc" } });
    const stored = rows.map((r) => [r.formatId, formatResultSchema.parse(r.detail)] as const);
    expect(stored.map(([id, e]) => [id, e.library, e.bytes])).toEqual([
      ["msgpack-js", "@msgpack/msgpack", 11],
      ["msgpackr", "msgpackr", 12],
    ]);
  });

  it("refuses an entry that does not match the Result JSON contract, naming the field, and stores nothing", async () => {
    const runId = randomBytes(16).toString("base64url");
    await prisma.run.create({ data: { id: runId, inputKind: "json", sampleText: "{}" } });
    const bad = { ...entry("json", "built-in", 5), bytes: "five" } as unknown as FormatResult;
    await expect(saveFormatResult(prisma, runId, bad)).rejects.toThrow(
      "the result of json does not match the contract (bytes: Invalid input: expected number, received string)",
    );
    expect(await prisma.formatResult.count({ where: { runId } })).toBe(0);
  });
});
