import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";

// A port nothing listens on (fetch refuses well-known ports such as 1 before connecting).
const closedPort = 59_999;

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });
const dir = scratchDir("wirebench-cli-");
const sample = join(dir, "sample.json");
writeFileSync(sample, '{"id": 1}');

describe("wirebench ci and project errors", () => {
  it("exits 2 with one clear line when the server is unreachable", () => {
    const res = cli("ci", sample, "--server", `http://127.0.0.1:${closedPort}`, "--token", "wb_x");
    expect(res.status).toBe(2);
    expect(res.stderr.trim()).toBe(
      `wirebench: cannot reach the Wirebench server at http://127.0.0.1:${closedPort} (ECONNREFUSED)`,
    );
  });

  it("exits 2 when the sample file is missing", () => {
    const res = cli("ci", join(dir, "missing.json"), "--server", "http://127.0.0.1:1", "--token", "wb_x");
    expect(res.status).toBe(2);
    expect(res.stderr).toContain(`cannot read ${join(dir, "missing.json")}: ENOENT`);
  });

  it("exits 2 on a bad threshold and names the option", () => {
    const res = cli("ci", sample, "--server", "http://x", "--token", "t", "--max-regression", "-3");
    expect(res.status).toBe(2);
    expect(res.stderr).toContain("--max-regression");
  });

  it("project create exits 2 when the server is unreachable", () => {
    const res = cli("project", "create", "demo", "--server", `http://127.0.0.1:${closedPort}`);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain("cannot reach the Wirebench server");
  });
});
