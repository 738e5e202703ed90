// `npm run db:migrate`: creates the database named by DATABASE_URL if missing, applies migrations.
import { defaultDatabaseUrl } from "../src/db-env.ts";
import { ensureDatabase } from "../src/ensure-database.ts";
import { ServiceUnreachableError } from "../src/errors.ts";
import { migrate } from "../src/migrate.ts";

const url = process.env.DATABASE_URL ?? defaultDatabaseUrl;
try {
  const { created } = await ensureDatabase(url);
  const { applied, alreadyApplied } = await migrate(url);
  const db = new URL(url).pathname.slice(1);
  console.log(
    `[wirebench] database ${db}${created ? " created" : ""}: ${applied.length} migration(s) applied, ${alreadyApplied.length} already applied`,
  );
} catch (err) {
  console.error(`[wirebench] ${err instanceof ServiceUnreachableError ? err.message : (err as Error).stack}`);
  process.exit(1);
}
