import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
const dir = scratchDir("wirebench-rows-");
const sample = join(dir, "sample.json");
writeFileSync(sample, JSON.stringify([{ id: 1, name: "ann", score: 1.5 }]));

describe("wirebench compare rows", () => {
  it("prints each format's size row before its timing row, then the table", { timeout: 120_000 }, () => {
    const res = cli("compare", sample, "--quick", "--budget", "2", "--formats", "json,msgpackr,cbor");
    expect(res.status, res.stderr).toBe(0);
    const lines = res.stderr.split("\n");
    const at = (kind: string, id: string) =>
      lines.findIndex((l) => new RegExp(`^\\s*[\\d.]+s ${kind}\\s+${id} `).test(l));
    for (const id of ["json", "msgpackr", "cbor"]) {
      const sizes = at("sizes", id);
      const timings = at("timings", id);
      expect(sizes, `${id} size row`).toBeGreaterThanOrEqual(0);
      expect(timings, `${id} timing row`).toBeGreaterThan(sizes);
      expect(lines[sizes]).toMatch(/timings pending/);
      expect(lines[timings]).toMatch(/encode \S+ (ns|µs|ms)/);
    }
    // The final table is still what stdout carries.
    expect(res.stdout).toMatch(/│ msgpackr /);
    expect(res.stdout).not.toMatch(/timings pending/);
  });

  it("refuses a budget that is not a positive number of seconds", () => {
    const res = cli("compare", sample, "--budget", "0");
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain("--budget must be a positive number of seconds");
  });
});
