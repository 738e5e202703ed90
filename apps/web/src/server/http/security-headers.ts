/**
 * Headers every response carries: no MIME sniffing, no framing by other sites, no full URLs (share
 * links are secrets) in the Referer sent to other origins, no powerful browser features.
 */
export const baseSecurityHeaders: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "cross-origin-opener-policy": "same-origin",
};

/**
 * The pages' Content Security Policy. Scripts run only with this response's nonce (Next.js puts it on
 * its own scripts when it finds it in the request's CSP header), and what they load ('strict-dynamic').
 * Styles allow inline: React and Recharts write style attributes, and a nonce cannot cover those.
 * `unsafe-eval` only under `next dev`, whose error overlay needs it.
 */
export function pageCsp(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** API responses are data, never documents: nothing in them may load or run, nor be framed. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'";
