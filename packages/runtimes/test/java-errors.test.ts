import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { javaRuntime } from "../src/definitions/java.ts";
import { runJavaRaw, testSettings } from "./java-child.ts";

/** What the Java runtime does with a missing toolchain, a broken schema and a bad request. */
const javaOnPath = spawnSync("java", ["-version"]).status === 0;

describe("Java runtime: missing toolchain", () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it("is reported unavailable with a reason when java is not on PATH", async () => {
    process.env.PATH = "/nonexistent";
    const a = await javaRuntime.detect();
    expect(a.available).toBe(false);
    expect(a.reason).toMatch(/java not usable.*install OpenJDK/);
  });
});

describe.skipIf(!javaOnPath)("Java runtime: bad input", () => {
  let work: string | undefined;
  afterEach(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("generate rejects with protoc's own error on a broken .proto", async () => {
    work = mkdtempSync(join(tmpdir(), "wirebench-java-test-"));
    const file = join(work, "broken.proto");
    writeFileSync(file, 'syntax = "proto3";\nmessage A { strin x = 1; }\n');
    await expect(
      javaRuntime.generate?.(
        { idl: "proto", file, rootType: "A" },
        join(work, "gen"),
        AbortSignal.timeout(60_000),
      ),
    ).rejects.toThrow(/protoc failed: .*strin/);
  });

  it("a line that is not JSON ends the child with exit 2 and the reason on stderr", async () => {
    const r = await runJavaRaw("not json\n");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/bad request/);
  });

  it("a request without settings, or of another protocol version, is refused by name", async () => {
    const base = { protocol: 1, process: 0, verify: true, workDir: tmpdir(), formats: [] };
    const missing = await runJavaRaw(`${JSON.stringify(base)}\n`);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing settings/);
    const future = await runJavaRaw(`${JSON.stringify({ ...base, protocol: 99, settings: testSettings })}\n`);
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/protocol 99 is not supported/);
  });

  it("a bad JVM warm-up setting ends the child with exit 2, naming the setting", async () => {
    const previous = process.env.WIREBENCH_JAVA_WARMUP_MAX_MS;
    process.env.WIREBENCH_JAVA_WARMUP_MAX_MS = "ten seconds";
    try {
      const request = {
        protocol: 1,
        process: 0,
        verify: true,
        workDir: tmpdir(),
        formats: [],
        settings: testSettings,
      };
      const r = await runJavaRaw(`${JSON.stringify(request)}\n`);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(
        /bad setting: .*WIREBENCH_JAVA_WARMUP_MAX_MS must be an integer ≥ 0, got ten seconds/,
      );
    } finally {
      if (previous === undefined) delete process.env.WIREBENCH_JAVA_WARMUP_MAX_MS;
      else process.env.WIREBENCH_JAVA_WARMUP_MAX_MS = previous;
    }
  });
});
