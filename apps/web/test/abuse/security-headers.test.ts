import fc from "fast-check";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "../../proxy.ts";
import { baseSecurityHeaders } from "../../src/server/http/security-headers.ts";
import { createTestServices, type TestServices } from "../api/test-services.ts";
import { freshAddress, from } from "./abuse-kit.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("abuse-headers");
  (globalThis as { wirebenchServices?: TestServices }).wirebenchServices = s;
});
afterAll(async () => s?.close());

const through = (path: string) =>
  proxy(new NextRequest(`http://wirebench.test${path}`, { headers: from(freshAddress()) }));
const pagePath = fc.oneof(
  fc.constantFrom("/", "/docs/api", "/runs/abc", "/runs/abc/history", "/nope"),
  fc.webPath().filter((p) => !p.startsWith("/api/") && !p.startsWith("/_next/")),
);

describe("every response's security headers", () => {
  it("pages: a nonce CSP that Next.js also sees on the request, fresh each time", async () => {
    await fc.assert(
      fc.asyncProperty(pagePath, async (path) => {
        const [a, b] = [await through(path || "/"), await through(path || "/")];
        for (const [k, v] of Object.entries(baseSecurityHeaders)) expect(a.headers.get(k)).toBe(v);
        const csp = a.headers.get("content-security-policy")!;
        expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toContain("unsafe-eval");
        // Next.js reads the nonce from the request's CSP header when it renders the page.
        expect(a.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
        expect(b.headers.get("content-security-policy")).not.toBe(csp);
      }),
      { numRuns: 15 },
    );
  });

  it("API routes: nothing may load or frame them", async () => {
    for (const path of ["/api/v1/runs", "/api/trpc/runs.get", "/api/openapi.json"]) {
      const res = await through(path);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-middleware-next")).toBe("1");
    }
  });
});
