import { RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../app-error.ts";
import { authenticate, type Caller } from "./authenticate.ts";
import type { Services } from "./container.ts";

type Kind = "create" | "read";

/** The bucket anonymous callers and failed token lookups share when no client address can be known. */
export const unknownClient = "unknown";

const rateLimited = (err: RateLimiterRes) => {
  const retry = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
  return new AppError("RATE_LIMITED", `Too many requests; retry in ${retry} s.`, {
    "Retry-After": String(retry),
  });
};

/** Consumes one point of `key`'s budget for `kind`, or throws RATE_LIMITED with Retry-After. */
export async function charge(services: Services, kind: Kind, key: string): Promise<void> {
  try {
    await services.limits[kind].consume(key);
  } catch (err) {
    throw err instanceof RateLimiterRes ? rateLimited(err) : err;
  }
}

/**
 * The client's address for rate limiting, or null when it cannot be known. X-Forwarded-For is written
 * by whoever sends the request, so it is read only when WIREBENCH_TRUST_PROXY says proxies are in
 * front, and then from the right: the entry the outermost trusted proxy appended, not the first one,
 * which the client chose. Next.js route handlers expose no socket address.
 */
export function clientIp(headers: Headers, trustProxyHops: number): string | null {
  if (trustProxyHops <= 0) return null;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length > 0) return chain[Math.max(0, chain.length - trustProxyHops)]!;
  return headers.get("x-real-ip")?.trim() || null;
}

/**
 * Rate limits and authenticates one request (REST and tRPC alike).
 *
 * With a known address, the address is charged before the token lookup, then the token. Without one,
 * a live token is limited on its own budget (CI clients must not share one with every browser),
 * anonymous callers share the `ip:unknown` bucket, and failed token lookups share a bucket of their
 * own; once that one is spent, requests carrying a token are refused before their lookup, so a flood
 * of made-up tokens costs Redis reads, not a database query each.
 */
export async function admit(services: Services, headers: Headers, kind: Kind): Promise<Caller> {
  const ip = clientIp(headers, services.env.WIREBENCH_TRUST_PROXY);
  const authorization = headers.get("authorization");
  const badTokens = `bad-token:${unknownClient}`;
  if (ip !== null) {
    await charge(services, kind, `ip:${ip}`);
  } else if (authorization) {
    const spent = await services.limits[kind].get(badTokens);
    if (spent && spent.remainingPoints <= 0) throw rateLimited(spent);
  }
  let caller: Caller;
  try {
    caller = await authenticate(services, authorization);
  } catch (err) {
    if (ip === null && err instanceof AppError && err.code === "UNAUTHORIZED")
      await charge(services, kind, badTokens);
    throw err;
  }
  if (caller.tokenId) await charge(services, kind, `token:${caller.tokenId}`);
  else if (ip === null) await charge(services, kind, `ip:${unknownClient}`);
  return caller;
}
