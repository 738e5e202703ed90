import { mkdirSync } from "node:fs";
import { registry } from "@wirebench/codecs/registry";
import { corpusPath } from "@wirebench/corpus";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, launchBrowser } from "./browser.ts";
import { type Stack, startStack, waitForRun } from "./stack.ts";

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

    await page.screenshot({ path: `${artifacts}run-desktop.png`, fullPage: true, timeout: 120_000 });
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
      // One bar per series (legend entry) per format: the size chart has raw and three compressors,
      // the others two each. Counting exactly catches a format that lost one of its bars.
      const series = await page.locator(`[data-testid=${chart}] .recharts-legend-item`).count();
      expect(series, `${chart} legend`).toBeGreaterThanOrEqual(2);
      const bars = await page.locator(`[data-testid=${chart}] .recharts-bar-rectangle`).count();
      expect(bars, chart).toBe(series * okFormats.length);
    }
    const sizeSeries = await page.locator("[data-testid=chart-size] .recharts-legend-item").allTextContents();
    // Recharts lists legend entries in its own order; what matters is that all four are drawn.
    expect([...sizeSeries].sort()).toEqual(["brotli", "gzip", "raw", "zstd"]);
    const bestNetwork = (await page.locator("[data-testid=card-best-over-the-network]").textContent()) ?? "";
    expect(
      okFormats.some((f) => bestNetwork.includes(f)),
      bestNetwork,
    ).toBe(true);
    expect(bestNetwork).toMatch(/ms per message/);
    const labels = await page.$$eval("[data-testid=chart-pareto] .recharts-label-list text", (els) =>
      els.map((e) => e.textContent),
    );
    expect(new Set(labels)).toEqual(new Set(okFormats));
    await expect(page.locator("[data-testid=summary]").textContent()).resolves.toMatch(/Smallest/);
    await expect(page.locator("[data-testid=fidelity]").textContent()).resolves.toContain("int64-precision");
    const schemas = (await page.locator("[data-testid=schema-panel]").textContent()) ?? "";
    expect(schemas).toContain('syntax = "proto3"');
    expect(schemas).toContain("download schema.ir.json");
    await page.screenshot({ path: `${artifacts}run-desktop.png`, fullPage: true, timeout: 120_000 });

    await page.setViewportSize({ width: 375, height: 800 });
    // Open every panel so hex views and schemas are laid out too: closed <details> take no width.
    await page.$$eval("details", (els) => {
      for (const d of els) (d as HTMLDetailsElement).open = true;
    });
    await page.waitForTimeout(300);
    await expectNoHorizontalScroll(page, 375);
    await page.screenshot({ path: `${artifacts}run-375.png`, fullPage: true, timeout: 120_000 });
    await page.close();
  }, 600_000);

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

  it("the format picker offers every registry entry and a subset run measures only those", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(stack.url);
    const boxes = page.locator("[data-testid=formats-picker] input[type=checkbox]");
    expect(await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(
      registry.map((e) => e.id),
    );
    expect(await boxes.evaluateAll((els) => els.every((e) => (e as HTMLInputElement).checked))).toBe(true);
    await expectNoHorizontalScroll(page, 375);

    const subset = ["json", "cbor"];
    await page.getByRole("button", { name: "none", exact: true }).click();
    for (const id of subset) await page.check(`[data-testid=formats-picker] input[value="${id}"]`);
    const sample = '{"id": 7, "name": "Ada", "tags": ["a", "b"]}';
    await page.fill("[data-testid=sample]", sample);
    await page.getByLabel("quick (coarse timings in seconds)").check();
    await page.click("[data-testid=submit]");
    await page.waitForURL(/\/runs\/[\w-]{22}$/, { timeout: 30_000 });
    const id = page.url().split("/").pop()!;
    const run = await waitForRun(stack.url, id, 120_000);
    expect(run.requestedFormats).toEqual(subset);
    const entries = run.formats as { id: string; firstMessage?: { base64: string } }[];
    expect(entries.map((f) => f.id).sort()).toEqual([...subset].sort());

    await page.waitForSelector("[data-testid=run-status]:text('completed')", { timeout: 30_000 });
    expect(Object.keys(await tableOf(page)).sort()).toEqual([...subset].sort());
    // The bytes panel shows the first message of each format; JSON's is the sample's own text.
    const json = page.locator("[data-testid=bytes-panel] details[data-format=json]");
    await json.locator("summary").click();
    const first = entries.find((f) => f.id === "json")?.firstMessage;
    if (first) {
      const bytes = Buffer.from(first.base64, "base64");
      const dump = (await json.locator("pre.hex").textContent()) ?? "";
      expect(dump).toContain(bytes.subarray(0, 4).toString("hex").match(/../g)!.join(" "));
      expect(dump).toContain(bytes.subarray(0, 4).toString("latin1"));
    } else {
      await expect(json.textContent()).resolves.toContain("not available");
    }
    await expectNoHorizontalScroll(page, 375);
    await page.close();
  }, 180_000);

  it("a run id that does not exist shows the not-found page", async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.url}/runs/${"x".repeat(22)}`);
    await expect(page.locator("h1").textContent()).resolves.toBe("No such run");
    await page.close();
  });
});
