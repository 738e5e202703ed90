import { RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../app-error.ts";
import type { ServerSettings } from "../settings.ts";
import type { Services } from "./container.ts";

/**
 * Consumes one point for the client's address (when given) and one for its token (when it has one);
 * the tighter of the two decides. REST handlers charge the address before authenticating, so a flood
 * of bad tokens is stopped by the limiter instead of costing a database lookup each.
 */
export async function enforceRateLimit(
  services: Services,
  kind: "create" | "read",
  ip: string | null,
  tokenId: string | null,
): Promise<void> {
  const limiter = services.limits[kind];
  try {
    if (ip !== null) await limiter.consume(`ip:${ip}`);
    if (tokenId) await limiter.consume(`token:${tokenId}`);
  } catch (err) {
    if (err instanceof RateLimiterRes) {
      const retry = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      throw new AppError("RATE_LIMITED", `Too many requests; retry in ${retry} s.`, {
        "Retry-After": String(retry),
      });
    }
    throw err;
  }
}

/** The bucket every client shares when its address cannot be known. */
export const unknownClient = "unknown";

/**
 * The client's address for rate limiting. X-Forwarded-For is written by whoever sends the request, so
 * it is read only when WIREBENCH_TRUST_PROXY says proxies are in front, and then from the right: the
 * entry the outermost trusted proxy appended, not the first one, which the client chose. Next.js route
 * handlers expose no socket address, so without a trusted proxy all clients share one bucket.
 */
export function clientIp(headers: Headers, settings: Pick<ServerSettings, "trustProxyHops">): string {
  const hops = settings.trustProxyHops;
  if (hops <= 0) return unknownClient;
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length > 0) return chain[Math.max(0, chain.length - hops)]!;
  return headers.get("x-real-ip")?.trim() || unknownClient;
}
