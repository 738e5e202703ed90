import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resultSchema } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { spawnCli } from "./helpers/spawn-cli.ts";

const dir = scratchDir("wirebench-cli-rtf-");
const sample = join(dir, "tiny.json");
writeFileSync(sample, '[{"id":1,"name":"ada","tags":["a","b"]},{"id":2,"name":"bob","tags":[]}]');

describe("wirebench compare --formats with a format only another runtime has", () => {
  it("--formats colfer --runtimes node,go: Go measures colfer, Node measures nothing", {
    timeout: 300_000,
  }, async () => {
    const out = join(dir, "colfer.json");
    const res = await spawnCli([
      "compare",
      sample,
      "--quick",
      "--formats",
      "colfer",
      "--runtimes",
      "node,go",
      "--json",
      out,
    ]);
    expect(res.code, res.stderr).toBe(0);
    const result = resultSchema.parse(JSON.parse(readFileSync(out, "utf8")));
    const go = result.runtimes?.find((s) => s.runtime === "go");
    expect(go?.available, go?.reason).toBe(true);
    expect(result.formats.map((f) => f.id)).toEqual(["colfer@go"]);
    const colfer = result.formats[0];
    expect(colfer?.ok, colfer?.error).toBe(true);
    expect(colfer?.runtime).toBe("go");
    // Colfer by hand: id (header + varint, 2 B), name (header, length, text: 5 B), tags (header,
    // count, one length + byte each: 6 B; an empty list is left out) and the end mark (1 B):
    // 2 + 5 + 6 + 1 = 14 B, then 2 + 5 + 1 = 8 B.
    expect(colfer?.bytes).toBe(22);
    expect(colfer?.fidelity.exact).toBe(true);
    expect(colfer?.encode?.samples).toBeGreaterThan(0);
    expect(res.stdout).toMatch(/│ colfer@go colfer +│ pascaldekloe\/colfer/);
    // Nothing to put side by side in the format × runtime matrix: a line says so, not an empty table.
    expect(res.stdout).toContain("no format was measured in two runtimes");
  });

  it("--formats colfer without --runtimes go exits 2 naming the runtime that has it", async () => {
    const res = await spawnCli(["compare", sample, "--quick", "--formats", "colfer"]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      'wirebench: format "colfer" is measured in go, not in node: add go to --runtimes, as in --runtimes node,go',
    );
    const rust = await spawnCli(["compare", sample, "--formats", "json,bincode", "--runtimes", "node,go"]);
    expect(rust.code).toBe(2);
    expect(rust.stderr).toContain("as in --runtimes node,go,rust");
  });

  it("a name no asked-for runtime has still exits 2 with the choices and the runtimes searched", async () => {
    const res = await spawnCli(["compare", sample, "--formats", "nope", "--runtimes", "node,go"]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^wirebench: unknown format "nope"; choose from json, .*; go: .*\bcolfer\b/);
    expect(res.stderr).toMatch(/\(searched node, go\)/);
  });
});
