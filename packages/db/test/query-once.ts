import pg from "pg";

/** One statement on its own connection: migration tests look at tables the generated client may not know. */
export async function queryOnce<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}
