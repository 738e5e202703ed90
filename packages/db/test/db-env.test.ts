import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../src/client.ts";
import { dbEnv } from "../src/db-env.ts";
import { isPostgresDown } from "../src/postgres-down.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";

describe("the database settings slice", () => {
  it("defaults to PostgreSQL on this machine", () => {
    expect(dbEnv.parse({})).toEqual({
      DATABASE_URL: "postgresql://wirebench:wirebench@127.0.0.1:5432/wirebench",
    });
    expect(dbEnv.parse({ DATABASE_URL: "postgres://u@db:5433/x" }).DATABASE_URL).toBe(
      "postgres://u@db:5433/x",
    );
  });

  it.each(["mysql://root@localhost/x", "postgres//nope", ""])("names DATABASE_URL when it is %j", (value) => {
    const r = dbEnv.safeParse({ DATABASE_URL: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["DATABASE_URL", "must be a postgresql:// URL"],
    ]);
  });
});

describe("isPostgresDown", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("postgres_down", { migrate: false });
  }, 60_000);
  afterAll(async () => db?.drop());

  it("recognises what the client says when nothing listens", async () => {
    const prisma = createPrismaClient("postgresql://wirebench:wirebench@127.0.0.1:1/wirebench");
    const err = await prisma.$queryRaw`SELECT 1`.then(
      () => undefined,
      (e: unknown) => e,
    );
    await prisma.$disconnect().catch(() => {});
    expect(err).toBeDefined();
    expect(isPostgresDown(err)).toBe(true);
  });

  it("leaves a wrong query to be a wrong query", async () => {
    const prisma = createPrismaClient(db.url);
    try {
      const err = await prisma.$queryRaw`SELECT * FROM no_such_table`.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String((err as Error)?.message)).toMatch(/no_such_table/);
      expect(isPostgresDown(err)).toBe(false);
    } finally {
      await prisma.$disconnect();
    }
  });
});
