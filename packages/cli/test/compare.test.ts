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
const dir = scratchDir("wirebench-cli-");
const sample = join(dir, "sample.json");
writeFileSync(
  sample,
  JSON.stringify([
    { id: 1, name: "ann", tags: ["a"], score: 1.5 },
    { id: 2, name: "bob", tags: [], score: 2.25 },
  ]).replace('"id":1', '"id":505874924095815681'),
);

describe("wirebench compare", () => {
  it("prints progress on stderr, a table sorted by size on stdout, and writes Result JSON", {
    timeout: 120_000,
  }, () => {
    const out = join(dir, "result.json");
    const res = cli("compare", sample, "--quick", "--formats", "json,msgpackr,protobuf", "--json", out);
    expect(res.stderr).toContain("measuring");
    expect(res.status).toBe(0);
    const rows = res.stdout.split("\n").filter((l) => /^│ (json|msgpackr|protobuf) /.test(l));
    // Sorted by encoded size: protobuf (no field names) < msgpackr < JSON text.
    expect(rows.map((l) => l.split(/\s+/)[1])).toEqual(["protobuf", "msgpackr", "json"]);
    expect(res.stdout).toMatch(/int64-precision/);
    const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    expect(result.formats.map((f) => f.id).sort()).toEqual(["json", "msgpackr", "protobuf"]);
    expect(result.formats.find((f) => f.id === "protobuf")?.fidelity.exact).toBe(true);
  });

  it("an unknown format exits 2 with a message naming the choices", () => {
    const res = cli("compare", sample, "--formats", "nope");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^wirebench: unknown format "nope"; choose from json, /);
  });

  it("a missing file exits 2 with a clear message", () => {
    const res = cli("compare", join(dir, "missing.json"));
    expect(res.status).toBe(2);
    expect(res.stderr).toContain(`wirebench: cannot read ${join(dir, "missing.json")}: ENOENT`);
  });

  it("malformed JSON exits 2 naming the problem", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"a": [1, 2');
    const res = cli("compare", bad, "--quick");
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/^wirebench: /);
  });
});
