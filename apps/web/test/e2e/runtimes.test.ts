import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { runtimeIds } from "@wirebench/contracts";
import type { FormatResult } from "@wirebench/contracts/result";
import { formatResultOf, timingOf } from "@wirebench/contracts/testing";
import { createPrismaClient, type PrismaClient } from "@wirebench/db";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRunId } from "../../src/server/services/ids.ts";
import { expectNoHorizontalScroll, launchBrowser, startWeb } from "./browser.ts";

// Runs of other runtimes are stored straight in PostgreSQL, as the worker stores them: the page is
// tested on its own, whatever toolchains this machine has.
const artifacts = new URL("../../../../test-artifacts/", import.meta.url).pathname;
let db: TestDatabase;
let prisma: PrismaClient;
let web: Awaited<ReturnType<typeof startWeb>>;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  db = await createTestDatabase("runtimes-page");
  prisma = createPrismaClient(db.url);
  web = await startWeb({
    DATABASE_URL: db.url,
    WIREBENCH_QUEUE: `test-runtimes-${randomBytes(4).toString("hex")}`,
    WIREBENCH_RATE_LIMIT_READ: "100000",
  });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await prisma?.$disconnect();
  await db?.drop();
});

const at = (id: string, format: string, bytes: number, timed: boolean, over: Partial<FormatResult> = {}) =>
  formatResultOf({
    id,
    format,
    bytes,
    runtime: (id.split("@")[1] ?? "node") as FormatResult["runtime"],
    encode: timed ? timingOf(1200 + bytes) : null,
    decode: timed ? timingOf(2400 + bytes) : null,
    ...over,
  });

const environment = {
  node: "v20.20.2",
  v8: "11.3",
  platform: "linux",
  arch: "x64",
  cpuModel: "test cpu",
  cpuCount: 2,
  totalMemoryMb: 4096,
  gitCommit: null,
  libraries: {},
  settings: {},
  startedAt: "2026-11-23T19:00:00.000Z",
  durationMs: 1000,
  runtimes: [
    { runtime: "node", available: true, version: "v20.20.2" },
    { runtime: "python", available: true, version: "Python 3.11.7" },
    { runtime: "go", available: true, version: "go1.26.8" },
    { runtime: "java", available: false, reason: "java: not found on PATH (install OpenJDK 17)" },
  ],
  crossRuntime: [
    { format: "protobuf", reference: "protobuf", same: ["protobuf@python", "protobuf@go"], different: [] },
    {
      format: "msgpack",
      reference: "msgpackr-minimal",
      same: ["msgpack@go"],
      different: [{ id: "msgpack@python", bytes: 262, firstDifferenceAt: 5 }],
    },
  ],
};

async function storeRun(status: "completed" | "running", entries: FormatResult[], env: unknown) {
  const id = newRunId();
  await prisma.run.create({
    data: {
      id,
      inputKind: "json",
      status,
      formats: [],
      options: { runtimes: ["node", "python", "go", "java"] },
      ...(env ? { environment: env as object } : {}),
      progress: Object.fromEntries(entries.map((e) => [e.id, status === "running" ? "measuring" : "done"])),
      results: {
        create: entries.map((e) => ({
          id: randomBytes(8).toString("hex"),
          formatId: e.id,
          format: e.format,
          variant: e.variant,
          ok: e.ok,
          detail: e as object,
        })),
      },
    },
  });
  return id;
}

const cellText = async (page: Page, format: string, runtime: string) =>
  page
    .locator(`[data-testid=runtime-matrix] tr[data-format="${format}"] td[data-label="${runtime}"]`)
    .textContent();

describe("the runtimes section in Chromium", () => {
  it("shows the matrix, the best per runtime, the same-bytes table and an unavailable runtime, on desktop and a 375 px phone", async () => {
    const id = await storeRun(
      "completed",
      [
        at("protobuf", "protobuf", 228, true),
        at("protobuf@python", "protobuf", 228, true),
        at("protobuf@go", "protobuf", 228, true),
        at("msgpackr-minimal", "msgpack", 260, true),
        at("msgpack@python", "msgpack", 262, true),
        at("msgpack@go", "msgpack", 260, true),
        at("json@go", "json", 482, true, {
          fidelity: { exact: false, issues: [{ path: "id", kind: "int64-precision", detail: "rounded" }] },
        }),
      ],
      environment,
    );
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${web.url}/runs/${id}`);
    await page.locator("[data-testid=runtimes-panel]").waitFor();
    const headers = await page.locator("[data-testid=runtime-matrix] thead th").allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(["format", "node", "python", "go"]);
    expect(await cellText(page, "protobuf", "go")).toMatch(/228 B exact\s*enc 1\.4 µs · dec 2\.6 µs/);
    expect(await cellText(page, "msgpack", "python")).toMatch(/262 B exact/);
    expect(await cellText(page, "json", "go")).toContain("1 lossy");
    expect(await cellText(page, "json", "python")).toBe("–");
    const best = page.locator("[data-testid=runtime-best] tr[data-runtime=go]");
    expect(await best.textContent()).toMatch(/protobuf@go · 228 B[\s\S]*protobuf@go · 4\.1 µs/);
    const msgpack = page.locator('[data-testid=runtime-same-bytes] tr[data-format="msgpack"]');
    expect(await msgpack.textContent()).toMatch(
      /no[\s\S]*msgpackr-minimal[\s\S]*msgpack@go[\s\S]*msgpack@python \(262 B, first differs at byte 5\)/,
    );
    const protobuf = page.locator('[data-testid=runtime-same-bytes] tr[data-format="protobuf"]');
    expect(await protobuf.textContent()).toMatch(/yes/);
    expect(await page.locator("[data-testid=runtime-unavailable] li[data-runtime=java]").textContent()).toBe(
      "java: java: not found on PATH (install OpenJDK 17)",
    );
    await page
      .locator("[data-testid=runtimes-panel]")
      .screenshot({ path: `${artifacts}runtimes-desktop.png` });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForTimeout(300);
    await expectNoHorizontalScroll(page, 375);
    // On a phone each matrix row is a card whose cells carry their runtime's name.
    expect(await cellText(page, "protobuf", "python")).toMatch(/228 B exact/);
    await page.locator("[data-testid=runtimes-panel]").screenshot({ path: `${artifacts}runtimes-375.png` });
    await page.close();
  }, 120_000);

  it("while a run goes on shows verified sizes with their timings pending", async () => {
    const id = await storeRun(
      "running",
      [at("protobuf", "protobuf", 228, true), at("protobuf@python", "protobuf", 228, false)],
      null,
    );
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${web.url}/runs/${id}`);
    await page.locator("[data-testid=runtimes-panel]").waitFor();
    expect(await cellText(page, "protobuf", "python")).toMatch(/228 B exact\s*enc pending · dec pending/);
    expect(await page.locator("[data-testid=runtime-best] tr[data-runtime=python]").textContent()).toContain(
      "timings pending",
    );
    expect(await page.locator("[data-testid=runtime-same-bytes-none]").textContent()).toBe(
      "Compared once every runtime has measured.",
    );
    await expectNoHorizontalScroll(page, 375);
    await page.close();
  }, 60_000);

  it("the upload form offers every runtime with Node alone picked, and says others take longer", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(web.url);
    const boxes = page.locator("[data-testid=runtimes-picker] input[type=checkbox]");
    await boxes.first().waitFor();
    expect(await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
      ...runtimeIds,
    ]);
    expect(await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(await page.locator("[data-testid=runtimes-note]").textContent()).toMatch(/takes longer/);
    await expectNoHorizontalScroll(page, 375);
    await page.close();
  }, 60_000);
});
