import { mkdirSync } from "node:fs";
import { corpusPath } from "@wirebench/corpus";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser.ts";
import { type Stack, startStack } from "./stack.ts";

const artifacts = new URL("../../../../test-artifacts/", import.meta.url).pathname;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  stack = await startStack("dashboard");
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Each row of the results table: format key → its cells, as the page shows them. */
async function tableOf(page: Page): Promise<Record<string, string[]>> {
  return page.$$eval("[data-testid=results-table] tbody tr", (rows) =>
    Object.fromEntries(
      rows.map((r) => [
        r.getAttribute("data-format"),
        [...r.querySelectorAll("td")].map((td) => td.textContent ?? ""),
      ]),
    ),
  );
}

describe("dashboard in Chromium", () => {
  let runUrl = "";
  let okFormats: string[] = [];

  it("uploads a corpus file, follows the run live, and draws every chart with a mark per format", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(stack.url);
    await page.setInputFiles("[data-testid=file]", corpusPath("twitter.json"));
    await expect
      .poll(() => page.inputValue("[data-testid=sample]"), { timeout: 10_000 })
      .toContain('"statuses"');
    await page.getByLabel("quick (coarse timings in seconds)").check();
    await page.click("[data-testid=submit]");
    await page.waitForURL(/\/runs\/[\w-]{22}$/, { timeout: 30_000 });
    runUrl = page.url();
    await page.waitForSelector("[data-testid=run-status]:text('completed')", { timeout: 240_000 });

    await page.screenshot({ path: `${artifacts}run-desktop.png`, fullPage: true });
    const table = await tableOf(page);
    okFormats = Object.entries(table)
      .filter(([, cells]) => cells.at(-1) !== "failed")
      .map(([k]) => k);
    expect(okFormats.length).toBeGreaterThanOrEqual(10);
    for (const chart of ["chart-size", "chart-timing", "chart-cost"]) {
      // Recharts 3 draws both axes' ticks in one layer; the category axis carries the format names.
      const ticks = new Set(
        await page.$$eval(`[data-testid=${chart}] .recharts-cartesian-axis-tick-value`, (els) =>
          els.map((e) => e.textContent),
        ),
      );
      for (const f of okFormats) expect(ticks.has(f), `${chart} has ${f}`).toBe(true);
      const bars = await page.locator(`[data-testid=${chart}] .recharts-bar-rectangle`).count();
      expect(bars, chart).toBeGreaterThanOrEqual(okFormats.length);
    }
    const labels = await page.$$eval("[data-testid=chart-pareto] .recharts-label-list text", (els) =>
      els.map((e) => e.textContent),
    );
    expect(new Set(labels)).toEqual(new Set(okFormats));
    await expect(page.locator("[data-testid=summary]").textContent()).resolves.toMatch(/Smallest/);
    await expect(page.locator("[data-testid=fidelity]").textContent()).resolves.toContain("int64-precision");
    const schemas = (await page.locator("[data-testid=schema-panel]").textContent()) ?? "";
    expect(schemas).toContain('syntax = "proto3"');
    expect(schemas).toContain("download schema.ir.json");
    await page.screenshot({ path: `${artifacts}run-desktop.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${artifacts}run-375.png`, fullPage: true });
    await page.close();
  }, 300_000);

  it("the share link opened in a fresh browser context shows the same numbers", async () => {
    const owner = await browser.newPage();
    await owner.goto(runUrl);
    const expected = await tableOf(owner);
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto(runUrl);
    await stranger.waitForSelector("[data-testid=results-table]");
    expect(await tableOf(stranger)).toEqual(expected);
    const og = await stranger.getAttribute('meta[property="og:title"]', "content");
    expect(og).toMatch(/^Wirebench run \S{8}: completed$/);
    await context.close();
    await owner.close();
  });

  it("a malformed upload shows its error and starts no run", async () => {
    const page = await browser.newPage();
    await page.goto(stack.url);
    await page.fill("[data-testid=sample]", '{"a": }');
    await page.click("[data-testid=submit]");
    await expect(page.locator("[data-testid=upload-error]").textContent()).resolves.toMatch(/not valid JSON/);
    expect(page.url()).toBe(`${stack.url}/`);
    await page.close();
  });
});
