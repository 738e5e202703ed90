import { ServiceUnreachableError } from "@wirebench/db";
import { pingRedis, redisHint } from "@wirebench/jobs";
import { Redis } from "ioredis";

/**
 * BullMQ workers need `maxRetriesPerRequest: null` so a blocking command survives a Redis restart;
 * the first connection is checked separately so a wrong URL fails fast with one clear line.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
}

export async function checkRedis(url: string, timeoutMs = 3_000): Promise<void> {
  try {
    await pingRedis(url, timeoutMs);
  } catch (err) {
    throw new ServiceUnreachableError("Redis", url, err, redisHint);
  }
}
