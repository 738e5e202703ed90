import { readFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations, migrate, migrationsDir } from "../src/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";
import { queryOnce } from "./query-once.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("migrate", { migrate: false });
});
afterAll(async () => db?.drop());

const query = <T extends pg.QueryResultRow>(sql: string) => queryOnce<T>(db.url, sql);

describe("migrate", () => {
  it("applies every migration once and records it the way Prisma Migrate does", async () => {
    const names = listMigrations().map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);

    const first = await migrate(db.url);
    expect(first.applied).toEqual(names);
    const second = await migrate(db.url);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(names);

    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    const { createHash } = await import("node:crypto");
    for (const r of rows) {
      const sql = readFileSync(join(migrationsDir, r.migration_name, "migration.sql"));
      expect(r.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(r.finished_at).toBeInstanceOf(Date);
    }
  });

  it("refuses to go on when an applied migration was edited", async () => {
    await query(
      `UPDATE "_prisma_migrations" SET checksum = 'x' WHERE migration_name = '${listMigrations()[0]!.name}'`,
    );
    await expect(migrate(db.url)).rejects.toThrow(/was changed after it was applied/);
  });
});
