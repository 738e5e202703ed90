import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rustRuntime } from "../src/definitions/rust.ts";
import { quickRuntimeSettings } from "./child-run.ts";

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
  settings: quickRuntimeSettings,
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

  it.skipIf(!available)("stops with flatc's and capnp's own words on a schema they refuse", async () => {
    const signal = new AbortController().signal;
    const fbs = join(dir, "broken.fbs");
    writeFileSync(fbs, "table Broken { name: strin; }\nroot_type Broken;\n");
    await expect(
      rustRuntime.generate?.({ idl: "fbs", file: fbs, rootType: "Broken" }, join(dir, "fbs"), signal),
    ).rejects.toThrow(/flatc failed on .*broken\.fbs[\s\S]*strin/);
    const capnp = join(dir, "broken.capnp");
    writeFileSync(capnp, "@0xd6b1d4e2f1c0a9b8;\nstruct Broken { name @0 :Strin; }\n");
    await expect(
      rustRuntime.generate?.({ idl: "capnp", file: capnp, rootType: "Broken" }, join(dir, "capnp"), signal),
    ).rejects.toThrow(/capnp failed on .*broken\.capnp[\s\S]*Strin/);
  });

  it.skipIf(!available)("a child without the .fbs compiled in fails that format only, saying so", () => {
    const { cmd } = rustRuntime.command([]);
    const input = join(dir, "in.b64");
    writeFileSync(input, "AAAA\n");
    writeFileSync(join(dir, "data.json"), '[{"a": 1}]');
    const formats = [
      { id: "flatbuffers@rust", format: "flatbuffers", impl: "flatbuffers", inputFile: input },
      { id: "bincode@rust", format: "bincode", impl: "bincode", inputFile: join(dir, "data.json") },
    ];
    const res = spawnSync(cmd, [], {
      input: `${JSON.stringify({ ...request, formats })}\n`,
      encoding: "utf8",
      timeout: 30_000,
    });
    const lines = res.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const failed = lines.find((l) => l.type === "failed");
    expect(failed).toMatchObject({ id: "flatbuffers@rust" });
    expect(String(failed?.error)).toMatch(/no \.fbs schema compiled in/);
    expect(lines.find((l) => l.type === "verified")).toMatchObject({ id: "bincode@rust" });
  });
});
