import { authenticate, type Caller } from "../services/authenticate.ts";
import type { Services } from "../services/container.ts";
import { clientIp, enforceRateLimit } from "../services/rate-limit.ts";

/**
 * Rate limit, then authenticate, then rate limit the token: the address is charged before the token
 * lookup so a stream of made-up tokens is refused by Redis, not by one database query each.
 */
export async function admit(services: Services, req: Request, kind: "create" | "read"): Promise<Caller> {
  await enforceRateLimit(services, kind, clientIp(req.headers, services.settings), null);
  const caller = await authenticate(services, req.headers.get("authorization"));
  await enforceRateLimit(services, kind, null, caller.tokenId);
  return caller;
}
