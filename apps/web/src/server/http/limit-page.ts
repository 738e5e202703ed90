import { toAppError } from "../app-error.ts";
import type { Services } from "../services/container.ts";
import { admit } from "../services/rate-limit.ts";
import { errorResponse } from "./respond.ts";

/** Run pages and their history: each load reads the database like GET /api/v1/runs/{id} does. */
export const limitedPagePattern = /^\/runs\/[^/]+(?:\/history)?\/?$/;

/**
 * Charges a page load to the same read budget as the API (a browser has no token, so its address),
 * or answers the refusal: 429 with Retry-After, 503 when Redis is down.
 */
export async function limitPage(services: Services, headers: Headers): Promise<Response | null> {
  try {
    await admit(services, headers, "read");
    return null;
  } catch (err) {
    return errorResponse(toAppError(err));
  }
}
