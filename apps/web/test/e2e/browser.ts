import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

/** Debian's Chromium; tests never download a browser. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

const webDir = fileURLToPath(new URL("../..", import.meta.url));

/** Starts the built app as `npm run start` does (server.ts) on a free port; the caller stops it. */
export async function startWeb(
  env: Record<string, string> = {},
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: webDir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      PORT: String(port),
      WIREBENCH_HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the web server exited ${child.exitCode}: ${log}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() - start > 30_000) throw new Error(`the web server did not answer within 30 s: ${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The page needs no sideways scrolling at this width; a failure names the elements that stick out. */
export async function expectNoHorizontalScroll(page: Page, width: number) {
  const seen = await page.evaluate(
    (w) => ({
      scrollWidth: document.documentElement.scrollWidth,
      sticking: [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > w + 1)
        .slice(-3)
        .map(
          (e) =>
            `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)}px)`,
        ),
    }),
    width,
  );
  expect(seen.scrollWidth, seen.sticking.join(", ")).toBeLessThanOrEqual(width);
}
