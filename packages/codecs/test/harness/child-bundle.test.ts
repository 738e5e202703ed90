import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { expect, test } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { measurementChildBundle } from "../../src/harness/child-bundle.ts";

test("the bundled child lives in a folder of this checkout's own under cacheDir/child", async () => {
  const cacheDir = scratchDir("wb-bundle-");
  const entry = await measurementChildBundle(cacheDir);
  expect(existsSync(entry)).toBe(true);
  // child/<checkout key>/child-<build>/entry.js: another checkout's bundle sits under another key.
  const parts = relative(join(cacheDir, "child"), entry).split(sep);
  expect(parts).toHaveLength(3);
  expect(parts[0]).toMatch(/^[0-9a-f]{16}$/);
  expect(readdirSync(join(cacheDir, "child"))).toEqual([parts[0]]);
}, 120_000);

/**
 * Bare packages a bundled module loads as it starts: its static imports and top-level `await
 * import()`s (the entry's way to the child's main), following its own chunks; not the `() =>
 * import()` of an adapter, which runs when its format is prepared.
 */
function staticPackages(file: string, seen = new Set<string>(), out = new Set<string>()): Set<string> {
  if (seen.has(file)) return out;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(
    /^(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"|^import\s+"([^"]+)"|^await import\("([^"]+)"\)/gms,
  )) {
    const spec = (m[1] ?? m[2] ?? m[3]) as string;
    if (spec.startsWith("./")) staticPackages(join(dirname(file), spec), seen, out);
    else if (!spec.startsWith("node:")) out.add(spec);
  }
  return out;
}

test("a child starts without any format's library or the validation schemas: each loads with its format", async () => {
  const cacheDir = scratchDir("wb-bundle-");
  const loaded = staticPackages(await measurementChildBundle(cacheDir));
  // What every child needs: statistics, compression for the size table.
  expect(loaded).toContain("simple-statistics");
  for (const library of ["yaml", "capnp-es", "flatbuffers", "cbor-x", "bson", "msgpackr", "thrift", "zod"])
    expect(loaded, library).not.toContain(library);
}, 120_000);
