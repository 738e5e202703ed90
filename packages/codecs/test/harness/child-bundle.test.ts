import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { expect, test } from "vitest";
import { measurementChildBundle } from "../../src/harness/child-bundle.ts";

test("the bundled child lives in a folder of this checkout's own under cacheDir/child", async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), "wb-bundle-"));
  const entry = await measurementChildBundle(cacheDir);
  expect(existsSync(entry)).toBe(true);
  // child/<checkout key>/child-<build>/entry.js: another checkout's bundle sits under another key.
  const parts = relative(join(cacheDir, "child"), entry).split(sep);
  expect(parts).toHaveLength(3);
  expect(parts[0]).toMatch(/^[0-9a-f]{16}$/);
  expect(readdirSync(join(cacheDir, "child"))).toEqual([parts[0]]);
}, 120_000);
