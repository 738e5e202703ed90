import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnCli } from "../../../../packages/cli/test/helpers/spawn-cli.ts";
import { type Stack, startStack } from "./stack.ts";

/**
 * `wirebench ci --gate instructions` against a real server and worker, which count under callgrind.
 * The deliberate slowdown is in the data: every record one item longer (31 instead of 30) makes
 * each call do about 3 % more work.
 */
const dir = mkdtempSync(join(tmpdir(), "wirebench-ci-instr-"));
const cli = (...args: string[]) => spawnCli(args);

const sample = (items: number) => {
  const path = join(dir, `sample-${items}.json`);
  const records = Array.from({ length: 5 }, (_, i) => ({
    id: 1000 + i,
    items: Array.from({ length: items }, (_, k) => ({ sku: `sku-${i}-${k}`, qty: k, cents: k * 125 })),
  }));
  writeFileSync(path, JSON.stringify(records));
  return path;
};

let stack: Stack;
let token = "";
beforeAll(async () => {
  stack = await startStack("ciinstr");
  const res = await cli("project", "create", "Instructions", "--server", stack.url);
  token = res.stdout.trim();
}, 120_000);
afterAll(async () => stack?.stop());

const ci = (path: string, ...more: string[]) =>
  cli(
    "ci",
    path,
    "--server",
    stack.url,
    "--token",
    token,
    "--formats",
    "json,msgpackr",
    "--quick",
    "--gate",
    "instructions",
    "--poll-interval",
    "1",
    ...more,
  );

describe("wirebench ci --gate instructions", () => {
  it("passes unchanged code twice in a row and catches 3 % more work per call", async () => {
    const base = await ci(sample(30), "--branch", "main");
    expect(base.code, base.stderr).toBe(0);
    for (let i = 0; i < 2; i++) {
      const same = await ci(sample(30), "--branch", "feature", "--baseline", "main");
      expect(same.code, same.stdout + same.stderr).toBe(0);
      expect(same.stdout).toMatch(/\| json \| encode \| [\d,]+ \| [\d,]+ \| [-+]0\.0\d%/);
      expect(same.stdout).toContain("✅ rise of instructions per call at most 1%");
    }
    const json = join(dir, "comparison.json");
    const heavier = await ci(sample(31), "--branch", "feature", "--baseline", "main", "--json", json);
    expect(heavier.code, heavier.stdout + heavier.stderr).toBe(1);
    expect(heavier.stdout).toContain("❌ rise of instructions per call at most 1%: ");
    const comparison = JSON.parse(readFileSync(json, "utf8")) as {
      formats: { key: string; instructions?: { op: string; deltaPct: number; noisy: boolean }[] }[];
    };
    // What failed it: a count that rose past 1 % while its processes agreed (noisy ones are not judged).
    const judged = comparison.formats.flatMap((f) => f.instructions ?? []).filter((d) => !d.noisy);
    expect(judged.some((d) => d.deltaPct > 1)).toBe(true);
  }, 1_500_000);
});
