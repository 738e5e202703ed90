import { RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

/**
 * Consumes one point for the client's IP and, when it has one, for its token; the tighter of the two
 * decides. Behind a proxy the IP comes from X-Forwarded-For (first hop), as Next.js gives no socket.
 */
export async function enforceRateLimit(
  services: Services,
  kind: "create" | "read",
  ip: string,
  tokenId: string | null,
): Promise<void> {
  const limiter = services.limits[kind];
  try {
    await limiter.consume(`ip:${ip}`);
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

export function clientIp(headers: Headers): string {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() || headers.get("x-real-ip") || "local";
}
