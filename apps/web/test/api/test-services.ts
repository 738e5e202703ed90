import { randomBytes } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { parseWebEnv, type WebEnv } from "../../src/env.ts";
import { closeServices, createServices, type Services } from "../../src/server/services/container.ts";

export interface TestServices extends Services {
  db: TestDatabase;
  close(): Promise<void>;
}

/** Real PostgreSQL (a database of its own) and real Redis (a queue of its own) for one test file. */
export async function createTestServices(
  label: string,
  overrides: Partial<Record<keyof WebEnv, string>> = {},
) {
  const db = await createTestDatabase(label);
  // Settings come from the overrides only, never from the environment the tests happen to run in.
  const env = parseWebEnv({
    DATABASE_URL: db.url,
    WIREBENCH_QUEUE: `test-${label}-${randomBytes(4).toString("hex")}`,
    PUBLIC_URL: "http://wirebench.test",
    ...overrides,
  });
  const services = createServices(env);
  return {
    ...services,
    db,
    async close() {
      const timeout = new Promise((resolve) => setTimeout(resolve, 2_000).unref());
      await Promise.race([services.queue.obliterate({ force: true }).catch(() => {}), timeout]);
      await closeServices(services);
      await db.drop();
    },
  } satisfies TestServices;
}

export const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://wirebench.test/api/v1/runs", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
