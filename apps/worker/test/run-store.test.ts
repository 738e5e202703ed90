import { randomBytes } from "node:crypto";
import { createPrismaClient, type PrismaClient } from "@wirebench/db";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormatResultEntry, saveFormatResult } from "../src/runs/run-store.ts";

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

const entry = (id: string, library: string, bytes: number): FormatResultEntry => ({
  id,
  format: "msgpack",
  variant: "plain",
  library,
  version: "1.0.0",
  ok: true,
  bytes,
});

describe("saveFormatResult", () => {
  it("keeps two libraries that share a format and variant apart, and updates each by its id", async () => {
    const runId = randomBytes(16).toString("base64url");
    await prisma.run.create({ data: { id: runId, inputKind: "json", sampleText: "{}" } });

    await saveFormatResult(prisma, runId, entry("msgpackr", "msgpackr", 10));
    await saveFormatResult(prisma, runId, entry("msgpack-js", "@msgpack/msgpack", 11));
    await saveFormatResult(prisma, runId, entry("msgpackr", "msgpackr", 12));

    const rows = await prisma.formatResult.findMany({ where: { runId }, orderBy: { formatId: "asc" } });
    expect(rows.map((r) => [r.formatId, r.library, r.bytes])).toEqual([
      ["msgpack-js", "@msgpack/msgpack", 11],
      ["msgpackr", "msgpackr", 12],
    ]);
  });
});
