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

/**
 * A request body of `total` bytes made on demand (no Content-Length), counting what the server
 * actually pulled, so a test can show it stopped reading at the limit.
 */
export function lazyBody(total: number, chunk = 64 * 1024) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (counter.pulled >= total) return c.close();
        const n = Math.min(chunk, total - counter.pulled);
        counter.pulled += n;
        c.enqueue(new Uint8Array(n).fill(0x78));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}
