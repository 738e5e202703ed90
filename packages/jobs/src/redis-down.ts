import { Redis } from "ioredis";

export const redisHint =
  "Start Redis (`redis-server --daemonize yes`, or `docker compose up -d redis`) or set REDIS_URL.";

/**
 * What ioredis (and BullMQ over it) says when Redis is down or the connection dropped, rather than
 * when a command is wrong: the web app answers 503 for these and the worker retries the run.
 */
const redisDownPatterns = [
  /ECONNREFUSED/,
  /ECONNRESET/,
  /ETIMEDOUT/,
  /ENOTFOUND/,
  /EPIPE/,
  /Connection is closed/,
  /Stream isn't writeable/,
  /enableOfflineQueue/,
  /max retries per request/,
];

/** Whether `err` (its message, code or cause) says Redis could not be reached or went away. */
export function isRedisDown(err: unknown): boolean {
  const e = err as { message?: string; code?: string; cause?: unknown };
  const text = `${e?.message ?? ""} ${e?.code ?? ""} ${String(e?.cause ?? "")}`;
  return redisDownPatterns.some((p) => p.test(text));
}

/**
 * Connects once, without retries, and pings; throws what the socket said (ECONNREFUSED, ENOTFOUND)
 * when Redis does not answer, since connect() alone only says "Connection is closed.".
 */
export async function pingRedis(url: string, timeoutMs = 3_000): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
  });
  let socketError: unknown;
  probe.on("error", (err) => {
    socketError ??= err;
  });
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw socketError ?? err;
  } finally {
    probe.disconnect();
  }
}
