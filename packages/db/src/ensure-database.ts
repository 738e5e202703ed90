import pg from "pg";
import { postgresHint, ServiceUnreachableError } from "./errors.ts";

const connectTimeoutMs = 5_000;

/** Splits a database URL into the server URL (pointing at the `postgres` maintenance db) and the name. */
export function splitDatabaseUrl(url: string): { serverUrl: string; database: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ""));
  if (!database) throw new Error(`DATABASE_URL must name a database: ${url}`);
  u.pathname = "/postgres";
  return { serverUrl: u.toString(), database };
}

/** Connects to the server and creates the database when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<{ created: boolean }> {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: connectTimeoutMs });
  try {
    await client.connect();
  } catch (err) {
    throw new ServiceUnreachableError("PostgreSQL", url, err, postgresHint);
  }
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount) return { created: false };
    try {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    } catch (err) {
      // Two processes starting together may race to create it; losing that race is fine.
      if ((err as { code?: string }).code !== "42P04") throw err;
    }
    return { created: true };
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const { serverUrl, database } = splitDatabaseUrl(url);
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
