import { redisHint, ServiceUnreachableError } from "@wirebench/db";
import { Redis } from "ioredis";

/**
 * BullMQ workers need `maxRetriesPerRequest: null` so a blocking command survives a Redis restart;
 * the first connection is checked separately so a wrong URL fails fast with one clear line.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
}

export async function checkRedis(url: string, timeoutMs = 3_000): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
  });
  // connect() only says "Connection is closed."; the socket error says why (ECONNREFUSED, ENOTFOUND).
  let socketError: unknown;
  probe.on("error", (err) => {
    socketError ??= err;
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw new ServiceUnreachableError("Redis", url, socketError ?? err, redisHint);
  } finally {
    probe.disconnect();
  }
}
