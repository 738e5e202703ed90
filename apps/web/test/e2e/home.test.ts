import { mkdirSync } from "node:fs";
import { formatBytes } from "@wirebench/contracts/units";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeSizes } from "../../src/lib/home-sizes.ts";
import { launchBrowser, startWeb } from "./browser.ts";

const artifacts = new URL("../../../../test-artifacts/", import.meta.url);
let web: Awaited<ReturnType<typeof startWeb>>;
let browser: Browser;

beforeAll(async () => {
  web = await startWeb();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await web?.stop();
});

describe("home page in Chromium", () => {
  it("says what Wirebench is and draws one bar per format with the computed sizes", async () => {
    const page = await browser.newPage();
    await page.goto(web.url);
    await expect(page.locator("h1").textContent()).resolves.toBe("Wirebench");
    const bars = page.locator('[data-testid="size-chart"] .recharts-bar-rectangle');
    await bars.first().waitFor();
    expect(await bars.count()).toBe(2);
    const labels = await page.locator('[data-testid="size-chart"] .recharts-label').allTextContents();
    const expected = homeSizes().bars.map((b) => formatBytes(b.bytes));
    expect(labels).toEqual(expected);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: new URL("home.png", artifacts).pathname, fullPage: true });
  });

  it("runs under a nonce CSP with no violation, and every response carries the security headers", async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(web.url);
    // The client bundle hydrated and drew the chart: its scripts ran under the policy.
    await page.locator('[data-testid="size-chart"] .recharts-bar-rectangle').first().waitFor();
    await page.locator("[data-testid=formats-picker]").waitFor();
    const csp = res!.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(violations).toEqual([]);
    const second = (await fetch(web.url)).headers.get("content-security-policy");
    expect(second).not.toBe(csp); // a fresh nonce per response
    const script = await page.locator("script[src]").first().getAttribute("src");
    for (const path of ["/", "/api/openapi.json", "/api/v1/runs/nope", script!]) {
      const r = await fetch(new URL(path, web.url));
      expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(r.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(r.headers.get("x-frame-options"), path).toBe("DENY");
    }
    expect((await fetch(new URL("/api/openapi.json", web.url))).headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    await page.close();
  });

  it("fits a 375 px phone without horizontal scrolling", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(web.url);
    await page.locator('[data-testid="size-chart"] .recharts-bar-rectangle').first().waitFor();
    await page.locator("[data-testid=formats-picker]").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: new URL("home-375.png", artifacts).pathname, fullPage: true });
    await page.close();
  });
});
