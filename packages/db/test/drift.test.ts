import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../src/client.ts";
import { findDrift, loadDatamodel } from "../src/drift.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("drift");
});
afterAll(async () => db?.drop());

async function exec(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

describe("migrated database vs schema.prisma", () => {
  it("has no drift", async () => {
    expect(loadDatamodel().models.length).toBeGreaterThan(0);
    expect(await findDrift(db.url)).toEqual([]);
  });

  it("the generated client reads and writes the migrated tables", async () => {
    const prisma = createPrismaClient(db.url);
    try {
      await prisma.run.create({ data: { id: "drift-check", inputKind: "json", formats: ["json"] } });
      const run = await prisma.run.findUniqueOrThrow({ where: { id: "drift-check" } });
      expect(run.status).toBe("queued");
      expect(run.formats).toEqual(["json"]);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("reports an unknown column, a changed nullability, a missing index and a missing foreign key", async () => {
    await exec(`DELETE FROM runs`);
    await exec(`ALTER TABLE runs ADD COLUMN surprise int`);
    await exec(`ALTER TABLE runs ALTER COLUMN error SET NOT NULL`);
    await exec(`DROP INDEX runs_status_created_at_idx`);
    await exec(`ALTER TABLE format_results DROP CONSTRAINT format_results_run_id_fkey`);
    const drift = await findDrift(db.url);
    expect(drift).toContain("runs.surprise: in database but not in schema.prisma");
    expect(drift).toContain("runs.error: nullable=NO, schema says YES");
    expect(drift).toContain("runs(status,created_at): index missing");
    expect(drift).toContain("format_results.run_id: foreign key to Run missing");
  });
});
