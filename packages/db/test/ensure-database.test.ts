import { describe, expect, it } from "vitest";
import { ensureDatabase, splitDatabaseUrl } from "../src/ensure-database.ts";
import { ServiceUnreachableError } from "../src/errors.ts";
import { createTestDatabase } from "../src/testing.ts";

describe("ensureDatabase", () => {
  it("creates a missing database once", async () => {
    const db = await createTestDatabase("ensure", { migrate: false });
    try {
      expect(await ensureDatabase(db.url)).toEqual({ created: false });
    } finally {
      await db.drop();
    }
    expect(await ensureDatabase(db.url)).toEqual({ created: true });
    await db.drop();
  });

  it("names the URL and the fix when PostgreSQL is unreachable, and hides the password", async () => {
    const url = "postgresql://postgres:secret@127.0.0.1:1/wirebench";
    const err = await ensureDatabase(url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceUnreachableError);
    expect((err as Error).message).toMatch(
      /^PostgreSQL is not reachable at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/wirebench \(ECONNREFUSED\)\. Start PostgreSQL/,
    );
    expect((err as Error).message).not.toContain("secret");
  });

  it("rejects a URL without a database name", () => {
    expect(() => splitDatabaseUrl("postgresql://postgres@127.0.0.1:5432/")).toThrow(/must name a database/);
  });
});
