import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { lock } from "proper-lockfile";
import { afterAll, describe, expect, it } from "vitest";
import { pythonRuntime } from "../src/definitions/python.ts";
import { OK_MARKER, prepareGenerated } from "../src/generated-cache.ts";

// The generated-code cache's cross-process lock (src/generated-cache.ts): two processes asking for
// the same schema at once generate it once, a dead holder's lock is taken over, a live one waited for.
const exec = promisify(execFile);
const proto = fileURLToPath(new URL("../../conformance/data/models/addressbook-go.proto", import.meta.url));
const rootType = "wirebench.models.go.AddressBook";
const fixture = fileURLToPath(new URL("./fixtures/generate-once.ts", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "wb-generate-lock-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const available = (await pythonRuntime.detect()).available;

describe.skipIf(!available)("generating code for one schema from several processes", () => {
  it("runs the generator once when two processes ask at the same moment; both get the finished folder", async () => {
    const cacheDir = join(work, "cache-two");
    const log = join(work, "generations.log");
    const start = () =>
      exec(process.execPath, ["--import", "tsx", fixture, cacheDir, proto, rootType, log], {
        cwd: fileURLToPath(new URL("..", import.meta.url)),
      });
    const [a, b] = await Promise.all([start(), start()]);
    const dir = a.stdout.trim();
    expect(b.stdout.trim()).toBe(dir);
    expect(readFileSync(log, "utf8").trim().split("\n")).toHaveLength(1);
    expect(existsSync(join(dir, OK_MARKER))).toBe(true);
    expect(readdirSync(dir).some((f) => f.endsWith("_pb2.py"))).toBe(true);
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("takes over a lock its holder left behind (a process that died mid-generation)", async () => {
    const cacheDir = join(work, "cache-stale");
    const first = await prepareGenerated(
      pythonRuntime,
      { idl: "proto", file: proto, rootType },
      { cacheDir },
    );
    if (!first) throw new Error("no folder");
    // As a killed generation leaves it: no `ok` marker, a lock nobody refreshes (a minute old).
    rmSync(join(first, OK_MARKER));
    mkdirSync(`${first}.lock`);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${first}.lock`, old, old);
    const again = await prepareGenerated(
      pythonRuntime,
      { idl: "proto", file: proto, rootType },
      { cacheDir },
    );
    expect(again).toBe(first);
    expect(existsSync(join(first, OK_MARKER))).toBe(true);
  });

  it("waits for a live holder, and past WIREBENCH_RUNTIME_GENERATE_WAIT_MS says so", async () => {
    const cacheDir = join(work, "cache-held");
    const first = await prepareGenerated(
      pythonRuntime,
      { idl: "proto", file: proto, rootType },
      { cacheDir },
    );
    if (!first) throw new Error("no folder");
    rmSync(join(first, OK_MARKER));
    const release = await lock(first, { realpath: false, lockfilePath: `${first}.lock` });
    try {
      await expect(
        prepareGenerated(pythonRuntime, { idl: "proto", file: proto, rootType }, { cacheDir, waitMs: 1_000 }),
      ).rejects.toThrow(
        /another process has been generating .* for over 1000 ms \(WIREBENCH_RUNTIME_GENERATE_WAIT_MS\)/,
      );
    } finally {
      await release();
    }
  });
});
