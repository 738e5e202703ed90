import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStartup } from "../src/server/startup-check.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("startup");
}, 60_000);
afterAll(async () => db?.drop());

describe("checkStartup", () => {
  it("names the bad setting as fatal, in one line", async () => {
    const report = await checkStartup({ WIREBENCH_MAX_DEPTH: "deep" });
    expect(report.fatal).toMatch(/^Invalid environment: WIREBENCH_MAX_DEPTH: /);
    expect(report.fatal).not.toContain("\n");
  });

  it("warns with the URL and how to fix it when Redis does not answer", async () => {
    const report = await checkStartup({ DATABASE_URL: db.url, REDIS_URL: "redis://127.0.0.1:1" }, 1_500);
    expect(report.fatal).toBeUndefined();
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(/^Redis is not reachable at redis:\/\/127\.0\.0\.1:1 .*Start Redis/);
  });

  it("warns about PostgreSQL the same way, with the password hidden", async () => {
    const report = await checkStartup({ DATABASE_URL: "postgresql://postgres:secret@127.0.0.1:1/x" }, 1_500);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(
      /^PostgreSQL is not reachable at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/x /,
    );
    expect(report.warnings[0]).not.toContain("secret");
  });

  it("says to run the migration when the server answers but the database does not exist", async () => {
    const missing = db.url.replace(/\/[^/]+$/, "/wirebench_missing_db");
    const report = await checkStartup({ DATABASE_URL: missing }, 5_000);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(/database "wirebench_missing_db" does not exist.*npm run db:migrate/);
  });

  it("has nothing to say when the settings are valid and both services answer", async () => {
    expect(await checkStartup({ DATABASE_URL: db.url }, 5_000)).toEqual({ warnings: [] });
  });
});
