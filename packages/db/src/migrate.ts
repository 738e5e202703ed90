import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { postgresHint, ServiceUnreachableError } from "./errors.ts";

/** prisma/migrations at the repo root, in Prisma's own folder format. */
export const migrationsDir = fileURLToPath(new URL("../../../prisma/migrations/", import.meta.url));

// Prisma Migrate's advisory lock key, so this runner and the real CLI never migrate at once.
const prismaAdvisoryLock = 72707369;

// Exactly the table Prisma Migrate keeps, so a user with the real CLI can take over.
const bookkeepingDdl = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies pending migrations, each in its own transaction, recording them in `_prisma_migrations`.
 * Refuses to go on when an applied migration's file changed or a previous one failed half-way,
 * as `prisma migrate deploy` does.
 */
export async function migrate(url: string, dir = migrationsDir): Promise<MigrateResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new ServiceUnreachableError("PostgreSQL", url, err, postgresHint);
  }
  try {
    await client.query("SELECT pg_advisory_lock($1)", [prismaAdvisoryLock]);
    await client.query(bookkeepingDdl);
    const rows = (
      await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
        `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
      )
    ).rows;
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    const result: MigrateResult = { applied: [], alreadyApplied: [] };
    for (const m of listMigrations(dir)) {
      const row = done.get(m.name);
      if (row && !row.finished_at) {
        throw new Error(
          `Migration ${m.name} failed earlier and was not rolled back; fix the database first.`,
        );
      }
      if (row) {
        if (row.checksum !== m.checksum) {
          throw new Error(`Migration ${m.name} was changed after it was applied (checksum differs).`);
        }
        result.alreadyApplied.push(m.name);
        continue;
      }
      await applyOne(client, m);
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [prismaAdvisoryLock]).catch(() => {});
    await client.end();
  }
}

async function applyOne(client: pg.Client, m: Migration): Promise<void> {
  const id = randomUUID();
  await client.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
    [id, m.checksum, m.name],
  );
  try {
    await client.query("BEGIN");
    await client.query(m.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK");
    await client.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, String(err)]);
    throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
  }
}
