import { type RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../app-error.ts";
import { authenticate, type Caller } from "./authenticate.ts";
import { addressBucket, clientIp } from "./client-address.ts";
import type { Services } from "./container.ts";

export type Kind = "create" | "read";

/** The bucket of callers whose address cannot be known (no server.mjs and no trusted proxy). */
export const unknownClient = "unknown";

export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const rateLimited = (err: RateLimiterRes, what = "Too many requests") => {
  const retry = retryAfterSeconds(err.msBeforeNext);
  return new AppError("RATE_LIMITED", `${what}; retry in ${retry} s.`, { "Retry-After": String(retry) });
};

/** Consumes one point of `key` in `limiter`, or throws RATE_LIMITED with Retry-After saying `what`. */
export async function consumeOrRefuse(limiter: RateLimiterRedis, key: string, what?: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    throw err instanceof RateLimiterRes ? rateLimited(err, what) : err;
  }
}

/** Consumes one point of `key`'s budget for `kind`, or throws RATE_LIMITED with Retry-After. */
export const charge = (services: Services, kind: Kind, key: string) =>
  consumeOrRefuse(services.limits[kind], key);

/** The bucket key of the request's address (`ip:unknown` when no address can be known). */
export function addressKey(services: Services, headers: Headers): string {
  const ip = clientIp(headers, services.env.WIREBENCH_TRUST_PROXY);
  return `ip:${ip ? addressBucket(ip) : unknownClient}`;
}

/**
 * Rate limits and authenticates one request (REST, tRPC and pages alike).
 *
 * A token is verified before anything is charged, and then only its own bucket is: a verified token
 * never shares a budget with an address, so nobody else's requests can lock a CI token out. A header
 * that names no live token is charged to the caller's address, as is every anonymous request, so a
 * flood of made-up tokens or bad requests spends the sender's budget and nobody else's (a 429 once
 * it is gone, a 401 before).
 */
export async function admit(services: Services, headers: Headers, kind: Kind): Promise<Caller> {
  const authorization = headers.get("authorization");
  let caller: Caller;
  try {
    caller = await authenticate(services, authorization);
  } catch (err) {
    if (err instanceof AppError && err.code === "UNAUTHORIZED")
      await charge(services, kind, addressKey(services, headers));
    throw err;
  }
  await charge(services, kind, caller.tokenId ? `token:${caller.tokenId}` : addressKey(services, headers));
  return caller;
}
