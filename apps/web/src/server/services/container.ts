import { createPrismaClient, type PrismaClient } from "@wirebench/db";
import { createRunQueue } from "@wirebench/jobs";
import type { Queue } from "bullmq";
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import { parseWebEnv, type WebEnv } from "../../env.ts";
import { createValidationPool, type ValidationPool } from "../validation/validation-pool.ts";

/** Long-lived clients the request handlers share; tests build their own with their own database and queue. */
export interface Services {
  env: WebEnv;
  prisma: PrismaClient;
  queue: Queue;
  redis: Redis;
  limits: {
    create: RateLimiterRedis;
    read: RateLimiterRedis;
    projectRunsPerDay: RateLimiterRedis;
    projectsPerDay: RateLimiterRedis;
  };
  /** Worker threads that validate large run input off the event loop. */
  validation: ValidationPool;
}

export function createServices(env: WebEnv): Services {
  // While Redis is down a command fails after one reconnection attempt (a 503), instead of waiting.
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on("error", () => {}); // surfaced per request as 503
  const limiter = (name: string, points: number, duration = env.WIREBENCH_RATE_LIMIT_WINDOW_S) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${env.WIREBENCH_QUEUE}:rl:${name}`,
      points,
      duration,
    });
  return {
    env,
    prisma: createPrismaClient(env.DATABASE_URL),
    queue: createRunQueue(env.REDIS_URL, env.WIREBENCH_QUEUE),
    redis,
    validation: createValidationPool(env),
    limits: {
      create: limiter("create", env.WIREBENCH_RATE_LIMIT_CREATE),
      read: limiter("read", env.WIREBENCH_RATE_LIMIT_READ),
      projectRunsPerDay: limiter("project-day", env.WIREBENCH_PROJECT_RUNS_PER_DAY, 86_400),
      projectsPerDay: limiter("projects-day", env.WIREBENCH_PROJECTS_PER_DAY, 86_400),
    },
  };
}

export async function closeServices(s: Services): Promise<void> {
  // A queue whose Redis is gone would wait for it forever; give it a moment, then drop the sockets.
  const timeout = new Promise((resolve) => setTimeout(resolve, 2_000).unref());
  await Promise.race([Promise.allSettled([s.prisma.$disconnect(), s.queue.close()]), timeout]);
  void s.queue.disconnect().catch(() => {});
  await s.validation.close();
  s.redis.disconnect();
}

const holder = globalThis as { wirebenchServices?: Services };

/** The app's services, created on first use (Next.js may evaluate modules more than once in dev). */
export function getServices(): Services {
  holder.wirebenchServices ??= createServices(parseWebEnv());
  return holder.wirebenchServices;
}
