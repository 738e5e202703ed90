import { Redis } from "ioredis";
import type { RelayTarget } from "../link/paced-relay.ts";

/** Default Redis for broker runs, as everywhere else in Wirebench. */
export const defaultRedisUrl = "redis://127.0.0.1:6379";

function bulk(s: string): string {
  return `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
}

/**
 * Where relays reach Redis, with its `AUTH` as a preamble when the URL carries credentials: the
 * children connect through the relays and never see the URL.
 */
export function redisTarget(url: string): RelayTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`REDIS_URL is not a URL: ${url}`);
  }
  if (u.protocol !== "redis:") throw new Error(`broker runs need a redis:// URL, not ${u.protocol}`);
  const password = decodeURIComponent(u.password);
  const user = decodeURIComponent(u.username);
  const auth = user ? [user, password] : [password];
  return {
    host: u.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
    port: Number(u.port || 6379),
    ...(password
      ? { preamble: Buffer.from(`*${auth.length + 1}\r\n${bulk("AUTH")}${auth.map(bulk).join("")}`) }
      : {}),
  };
}

/** Why the broker's Redis cannot be used (unreachable, refused credentials), or undefined when it answers PING. */
export async function redisProblem(url: string): Promise<string | undefined> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // A refused AUTH surfaces as an error event; the connect promise only says the connection closed.
  let cause: Error | undefined;
  redis.on("error", (err: Error) => {
    cause ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (err) {
    const u = new URL(url);
    return `Redis at ${u.host} cannot be used: ${(cause ?? (err as Error)).message}`;
  } finally {
    redis.disconnect();
  }
}

/** The run's streams hold every message it sent: gone when the run ends. */
export async function dropStreams(url: string, keys: string[]): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.del(...keys);
  } catch {
    // Redis went away: nothing to clean, and the run's figures are already taken.
  } finally {
    redis.disconnect();
  }
}
