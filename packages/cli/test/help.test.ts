import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import pkg from "../package.json" with { type: "json" };

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8" });

describe("wirebench CLI entry", () => {
  it("--help describes the tool and exits 0", () => {
    const res = cli("--help");
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^Usage: wirebench \[options\] \[command\]|^Usage: wirebench \[options\]/);
    expect(res.stdout).toContain("What would your data cost on the wire");
    expect(res.stdout).toContain("--version");
  });

  it("--version prints the package version", () => {
    const res = cli("--version");
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(pkg.version);
  });

  it("an unknown option exits 2 with a message on stderr", () => {
    const res = cli("--no-such-option");
    expect(res.status).toBe(2);
    expect(res.stderr).toContain("unknown option '--no-such-option'");
  });
});
