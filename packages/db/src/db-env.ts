import { z } from "zod";

/** PostgreSQL on this machine, as `npm run up` and the tests start it. */
export const defaultDatabaseUrl = "postgresql://wirebench:wirebench@127.0.0.1:5432/wirebench";

/**
 * The database slice of an app's settings; the web app and the worker each compose it into their
 * own (apps/web/src/env.ts, apps/worker/src/env.ts).
 */
export const dbEnv = z.object({
  /** The PostgreSQL database runs, projects and tokens live in (created when missing). */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" })
    .default(defaultDatabaseUrl),
});

export type DbEnv = z.infer<typeof dbEnv>;
