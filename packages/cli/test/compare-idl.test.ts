import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resultSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
const fixture = (name: string) =>
  fileURLToPath(new URL(`../../schemas/test/fixtures/idl/${name}`, import.meta.url));
const dir = scratchDir("wirebench-idl-cli-");

describe("wirebench with .thrift, .fbs and .capnp schemas", () => {
  it("infer prints the IR of the type --root names in a .capnp", () => {
    const res = cli("infer", fixture("capnp/addressbook.capnp"), "--root", "Person");
    expect(res.stderr).toBe("");
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/Person/);
    expect(res.stdout).toMatch(/phones/);
    expect(res.stdout).toMatch(/employment/);
  });

  it("compare measures FlatBuffers' monster sample against monster.fbs", () => {
    const out = join(dir, "monster.json");
    const res = cli(
      "compare",
      fixture("fbs/monsterdata.json"),
      "--schema",
      fixture("fbs/monster.fbs"),
      "--formats",
      "flatbuffers,thrift-binary,json",
      "--quick",
      "--json",
      out,
    );
    expect(res.status, res.stderr).toBe(0);
    const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    for (const f of result.formats) expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
    // FlatBuffers reads the sample back whole (the union as JSON text, defaults as declared).
    const fb = result.formats.find((f) => f.id === "flatbuffers");
    expect(fb?.fidelity.lossyCount).toBe(0);
    expect(fb?.bytes).toBeGreaterThan(0);
  }, 120_000);

  it("refuses a .thrift that includes another file, naming it, with exit 2", () => {
    const tutorial = join(dir, "tutorial.thrift");
    writeFileSync(
      tutorial,
      'include "shared.thrift"\nstruct Work { 1: i32 num1; 2: shared.SharedStruct s }\n',
    );
    const res = cli("compare", fixture("thrift/shared.json"), "--schema", tutorial, "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/\.thrift imports "shared\.thrift", which cannot be loaded/);
  }, 60_000);
});
