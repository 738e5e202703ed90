import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rustRuntime } from "../src/definitions/rust.ts";
import { quickRustSettings } from "./rust-child-run.ts";

// The Rust runtime's edges: a toolchain that is missing, requests the child cannot use, a schema
// prost-build refuses. Each must end in a clear message, never a hang or a crash.
const available = (await rustRuntime.detect()).available;
const dir = mkdtempSync(join(tmpdir(), "wirebench-rust-edges-"));
const request = {
  protocol: 1,
  process: 0,
  verify: true,
  workDir: dir,
  formats: [],
  settings: quickRustSettings,
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Rust runtime's edges", () => {
  it("is reported unavailable, with what to do, when cargo and rustc are not on PATH", async () => {
    const path = process.env.PATH;
    process.env.PATH = dir;
    try {
      const status = await rustRuntime.detect();
      expect(status.available).toBe(false);
      expect(status.reason).toMatch(/cargo\/rustc not on PATH.*npm run setup/);
    } finally {
      process.env.PATH = path;
    }
  });

  it.skipIf(!available)(
    "refuses a request that is not JSON, or of another protocol, on stderr with exit 2",
    () => {
      const { cmd } = rustRuntime.command([]);
      for (const [input, said] of [
        ["not json\n", /the request is not valid/],
        [`${JSON.stringify({ ...request, protocol: 2 })}\n`, /protocol 2 requested; this child speaks 1/],
        [
          `${JSON.stringify({ ...request, settings: {} })}\n`,
          /the request is not valid: missing field `rounds`/,
        ],
        ["", /stdin closed before the request arrived/],
      ] as const) {
        const res = spawnSync(cmd, [], { input, encoding: "utf8", timeout: 30_000 });
        expect(res.status, input).toBe(2);
        expect(res.stderr).toMatch(said);
        expect(res.stdout).toBe("");
      }
    },
  );

  it.skipIf(!available)(
    "stops with protoc's own words when prost-build cannot compile the .proto",
    async () => {
      const file = join(dir, "broken.proto");
      writeFileSync(file, 'syntax = "proto3";\nmessage Broken { strin name = 1; }\n');
      await expect(
        rustRuntime.generate?.(
          { idl: "proto", file, rootType: "Broken" },
          join(dir, "out"),
          new AbortController().signal,
        ),
      ).rejects.toThrow(/strin/);
    },
  );
});
