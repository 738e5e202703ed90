// Plain JavaScript on purpose: it decides whether the TypeScript loader is needed at all.
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const mainModule = fileURLToPath(new URL("../src/main.ts", import.meta.url));

/** Same rule as ownFolder (codecs harness/esm-bundle.ts): code is loaded from it, so only we may write it. */
function ownFolder(path) {
  mkdirSync(path, { recursive: true, mode: 0o755 });
  const s = lstatSync(path);
  const uid = process.getuid?.();
  if (!s.isDirectory() || (uid !== undefined && s.uid !== uid) || (s.mode & 0o022) !== 0)
    throw new Error(`${path} is not a folder of this user that only it may write`);
  return path;
}

/**
 * Where this checkout's CLI bundle lives: `cli/<checkout key>` in the cache dir the measurement
 * child's bundle uses (`WIREBENCH_CACHE_DIR`, default `wirebench-cache` in the temp dir; empty: no
 * bundle). Undefined when there is none or it cannot be trusted.
 */
export function cliBundleRoot() {
  const cacheDir = process.env.WIREBENCH_CACHE_DIR ?? join(tmpdir(), "wirebench-cache");
  if (!cacheDir) return undefined;
  try {
    const nodeModules = dirname(dirname(require.resolve("esbuild/package.json")));
    const key = createHash("sha256").update(`${mainModule}\0${nodeModules}`).digest("hex").slice(0, 16);
    ownFolder(join(cacheDir, "cli"));
    return ownFolder(join(cacheDir, "cli", key));
  } catch {
    return undefined;
  }
}

/**
 * The bundle's entry if `root/manifest.json` names one built by this Node from input files still as
 * they were (size and modification time of each); the same test as freshBundle in esm-bundle.ts.
 */
export function freshCliBundle(root) {
  try {
    const m = JSON.parse(readFileSync(join(root, "manifest.json"), "utf8"));
    // MANIFEST_VERSION of esm-bundle.ts: a bundle an older builder made is built again.
    if (m.version !== 2 || m.node !== process.version) return undefined;
    for (const [file, [size, mtime]] of Object.entries(m.inputs)) {
      const s = statSync(file);
      if (s.size !== size || s.mtimeMs !== mtime) return undefined;
    }
    const entry = join(m.dir, "entry.js");
    return existsSync(entry) ? entry : undefined;
  } catch {
    return undefined;
  }
}
