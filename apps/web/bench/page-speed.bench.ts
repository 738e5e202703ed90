// Page speed (not a test): Largest Contentful Paint of a completed run page in Chromium, and the API
// time to serve that run with every format. Run after building the web app:
//   npx tsx apps/web/bench/page-speed.bench.ts
import { quantileSorted } from "simple-statistics";
import { launchBrowser } from "../test/e2e/browser.ts";
import { startStack, waitForRun } from "../test/e2e/stack.ts";

const repeats = 10;
const median = (xs: number[]) =>
  quantileSorted(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

const stack = await startStack("pagespeed");
const browser = await launchBrowser();
try {
  const sample = JSON.stringify({
    users: Array.from({ length: 30 }, (_, i) => ({ id: i, name: `user ${i}`, ok: i % 2 === 0 })),
  });
  const created = (await (
    await fetch(`${stack.url}/api/v1/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sample, options: { quick: true } }),
    })
  ).json()) as { id: string };
  const run = await waitForRun(stack.url, created.id);
  const formats = (run.formats as unknown[]).length;

  const apiMs: number[] = [];
  let apiBytes = 0;
  for (let i = 0; i < repeats + 2; i++) {
    const start = performance.now();
    const body = await (await fetch(`${stack.url}/api/v1/runs/${created.id}`)).text();
    if (i >= 2) apiMs.push(performance.now() - start); // the first two warm the route
    apiBytes = body.length;
  }

  const lcpMs: number[] = [];
  for (let i = 0; i < repeats + 1; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${stack.url}/runs/${created.id}`, { waitUntil: "load" });
    await page.waitForSelector("[data-testid=results-table]");
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    if (i >= 1) lcpMs.push(lcp);
    await context.close();
  }
  console.log(
    `completed run with ${formats} formats: GET /api/v1/runs/{id} median ${median(apiMs).toFixed(1)} ms (${repeats} requests, ${(apiBytes / 1024).toFixed(0)} KB JSON); ` +
      `run page Largest Contentful Paint median ${median(lcpMs).toFixed(0)} ms (min ${Math.min(...lcpMs).toFixed(0)}, max ${Math.max(...lcpMs).toFixed(0)}, ${repeats} cold browser contexts, localhost)`,
  );
} finally {
  await browser.close();
  await stack.stop();
}
