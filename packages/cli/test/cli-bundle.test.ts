import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticPackages } from "../../codecs/test/helpers/static-packages.ts";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
// @ts-expect-error plain JavaScript launcher without type declarations
import { freshCliBundle } from "../bin/cli-bundle.mjs";
import pkg from "../package.json" with { type: "json" };

const bin = fileURLToPath(new URL("../bin/wirebench.mjs", import.meta.url));
const cli = (cacheDir: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: "utf8",
    env: { ...process.env, WIREBENCH_CACHE_DIR: cacheDir },
  });
const builds = (cacheDir: string) => {
  const [key] = readdirSync(join(cacheDir, "cli"));
  const root = join(cacheDir, "cli", key as string);
  return { root, dirs: readdirSync(root).filter((n) => n.startsWith("cli-")) };
};

describe("the CLI runs from a bundle kept in the cache dir", () => {
  it("builds it on the first run and reuses it on the next", () => {
    const cacheDir = scratchDir("wb-cli-bundle-");
    const first = cli(cacheDir, "--version");
    expect(first.status).toBe(0);
    expect(first.stdout.trim()).toBe(pkg.version);
    const built = builds(cacheDir);
    expect(built.dirs).toHaveLength(1);
    const entry = join(built.root, built.dirs[0] as string, "entry.js");
    const mtime = statSync(entry).mtimeMs;
    const second = cli(cacheDir, "--help");
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("What would your data cost on the wire");
    expect(builds(cacheDir).dirs).toEqual(built.dirs);
    expect(statSync(entry).mtimeMs).toBe(mtime);
    // The bundle is what the manifest names while its inputs are unchanged.
    expect(freshCliBundle(built.root)).toBe(entry);
    // esbuild loads only to build a bundle (about 25 ms of every start when it loaded with the CLI).
    const loaded = staticPackages(entry);
    expect(loaded).toContain("commander");
    expect(loaded).not.toContain("esbuild");
  }, 120_000);

  it("is not used once an input differs from what it was built from, or an older builder made it", () => {
    const root = scratchDir("wb-cli-stale-");
    const input = join(root, "input.ts");
    writeFileSync(input, "export const x = 1;\n");
    mkdirSync(join(root, "cli-a"));
    writeFileSync(join(root, "cli-a", "entry.js"), "export {};\n");
    const s = statSync(input);
    const manifest = (size: number, version = 2) =>
      writeFileSync(
        join(root, "manifest.json"),
        JSON.stringify({
          version,
          dir: join(root, "cli-a"),
          node: process.version,
          inputs: { [input]: [size, s.mtimeMs] },
        }),
      );
    manifest(s.size);
    expect(freshCliBundle(root)).toBe(join(root, "cli-a", "entry.js"));
    manifest(s.size + 1);
    expect(freshCliBundle(root)).toBeUndefined();
    // A bundle an older builder made (no version: its banner's require was not the bundle's own).
    manifest(s.size, 1);
    expect(freshCliBundle(root)).toBeUndefined();
  });

  it("builds the measurement child's bundle from the bundled CLI with the child's own require", () => {
    const cacheDir = scratchDir("wb-cli-child-");
    const sample = join(cacheDir, "sample.json");
    writeFileSync(
      sample,
      JSON.stringify([
        { id: 1, name: "a" },
        { id: 2, name: "b" },
      ]),
    );
    expect(cli(cacheDir, "--version").status).toBe(0);
    const res = cli(cacheDir, "compare", sample, "--quick", "--formats", "json");
    expect(res.status, res.stderr).toBe(0);
    const [key] = readdirSync(join(cacheDir, "child"));
    const manifest = JSON.parse(
      readFileSync(join(cacheDir, "child", key as string, "manifest.json"), "utf8"),
    );
    // The banner names the chunk's own address, not the source file of the builder bundled into the CLI.
    const banner = readFileSync(join(manifest.dir, "entry.js"), "utf8").split("\n")[0];
    expect(banner).toContain('__cr(import.meta["url"])');
  }, 120_000);

  it("runs from the sources when the cache folder is writable by others", () => {
    const cacheDir = scratchDir("wb-cli-open-");
    mkdirSync(join(cacheDir, "cli"));
    chmodSync(join(cacheDir, "cli"), 0o777);
    const res = cli(cacheDir, "--version");
    expect(res.status).toBe(0);
    expect(res.stdout.trim()).toBe(pkg.version);
    expect(readdirSync(join(cacheDir, "cli"))).toEqual([]);
  }, 120_000);
});
