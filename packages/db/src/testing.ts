import { randomBytes } from "node:crypto";
import { dropDatabase, ensureDatabase } from "./ensure-database.ts";
import { migrate } from "./migrate.ts";

/** Server that tests create their databases on; each test file gets a database of its own. */
export const testServerUrl =
  process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://wirebench:wirebench@127.0.0.1:5432";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  label: string,
  opts: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const name = `wirebench_test_${label.replace(/\W/g, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const url = `${testServerUrl.replace(/\/$/, "")}/${name}`;
  await ensureDatabase(url);
  if (opts.migrate !== false) await migrate(url);
  return { url, drop: () => dropDatabase(url) };
}
