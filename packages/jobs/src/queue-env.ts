import { z } from "zod";

/** Queue that carries runs from the web app to the workers, unless WIREBENCH_QUEUE says otherwise. */
export const defaultQueueName = "wirebench-runs";

/** Redis on this machine, as `npm run up` and the tests start it. */
export const defaultRedisUrl = "redis://127.0.0.1:6379";

/**
 * The queue slice of an app's settings: where Redis is and which BullMQ queue carries runs from the
 * web app to the workers. Composed by apps/web/src/env.ts and apps/worker/src/env.ts.
 */
export const queueEnv = z.object({
  /** Redis holding the run queue (and the web app's rate-limit counters). */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// URL" }).default(defaultRedisUrl),
  /** BullMQ queue runs travel on; the web app and its workers must agree. Tests use queues of their own. */
  WIREBENCH_QUEUE: z
    .string()
    .regex(/^[\w.-]+$/, "letters, digits, '.', '_' or '-' only")
    .default(defaultQueueName),
});

export type QueueEnv = z.infer<typeof queueEnv>;
