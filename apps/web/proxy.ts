import { type NextRequest, NextResponse } from "next/server";
import { limitedPagePattern, limitPage } from "@/server/http/limit-page";
import { apiCsp, baseSecurityHeaders, pageCsp } from "@/server/http/security-headers";
import { getServices } from "@/server/services/container";

const withHeaders = (res: Response, csp: string) => {
  for (const [k, v] of Object.entries(baseSecurityHeaders)) res.headers.set(k, v);
  res.headers.set("content-security-policy", csp);
  return res;
};

/**
 * Runs before every page and API route: security headers on every response, a fresh CSP nonce per
 * page (which is why every page renders per request), and the read rate limit on run pages.
 */
export async function proxy(req: NextRequest): Promise<Response> {
  const path = req.nextUrl.pathname;
  if (path.startsWith("/api/")) return withHeaders(NextResponse.next(), apiCsp);
  const csp = pageCsp(Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64"));
  if (limitedPagePattern.test(path)) {
    const refused = await limitPage(getServices(), req.headers);
    if (refused) return withHeaders(refused, apiCsp);
  }
  const headers = new Headers(req.headers);
  headers.set("content-security-policy", csp);
  return withHeaders(NextResponse.next({ request: { headers } }), csp);
}

// Static build output gets its headers from next.config.ts instead (it needs no nonce).
export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
