import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { measurementChildBundle } from "../../src/harness/child-bundle.ts";
import { staticPackages } from "../helpers/static-packages.ts";

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

test("a child starts without any format's library or the validation schemas: each loads with its format", async () => {
  const cacheDir = scratchDir("wb-bundle-");
  const loaded = staticPackages(await measurementChildBundle(cacheDir));
  // What every child needs: statistics, compression for the size table.
  expect(loaded).toContain("simple-statistics");
  for (const library of [
    "yaml",
    "capnp-es",
    "flatbuffers",
    "cbor-x",
    "bson",
    "msgpackr",
    "thrift",
    "zod",
    "avsc",
    "esbuild",
  ])
    expect(loaded, library).not.toContain(library);
}, 120_000);
