import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { startWeb } from "./browser.ts";

const workerMain = fileURLToPath(new URL("../../../worker/src/main.ts", import.meta.url));

export interface Stack {
  url: string;
  db: TestDatabase;
  stop(): Promise<void>;
}

/** The whole product on this machine: `next start` and real workers, on a database and queue of their own. */
export async function startStack(label: string, workers = 1): Promise<Stack> {
  const db = await createTestDatabase(label);
  const env = {
    DATABASE_URL: db.url,
    WIREBENCH_QUEUE: `test-${label}-${randomBytes(4).toString("hex")}`,
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
    WIREBENCH_RATE_LIMIT_READ: "100000",
  };
  const web = await startWeb(env);
  const children: ChildProcess[] = Array.from({ length: workers }, () =>
    spawn(process.execPath, ["--import", "tsx", workerMain], {
      env: { ...process.env, ...env, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  return {
    url: web.url,
    db,
    async stop() {
      await Promise.all(
        children.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.exitCode !== null) return resolve();
              worker.once("exit", () => resolve());
              worker.kill("SIGTERM");
            }),
        ),
      );
      await web.stop();
      await db.drop();
    },
  };
}

export async function waitForRun(
  base: string,
  id: string,
  timeoutMs = 180_000,
): Promise<Record<string, unknown>> {
  const start = Date.now();
  for (;;) {
    const run = (await (await fetch(`${base}/api/v1/runs/${id}`)).json()) as Record<string, unknown>;
    if (["completed", "failed", "canceled"].includes(run.status as string)) return run;
    if (Date.now() - start > timeoutMs)
      throw new Error(`run ${id} still ${run.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
