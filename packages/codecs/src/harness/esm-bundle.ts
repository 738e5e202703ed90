import { randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";

const require = createRequire(import.meta.url);
/** The node_modules folder the libraries resolve from (the hoisted one of the workspace). */
export const nodeModules = dirname(dirname(require.resolve("esbuild/package.json")));

/**
 * What a cached bundle was built from: every input file's size and modification time. The CLI's
 * launcher (packages/cli/bin/cli-bundle.mjs) reads the same file without TypeScript: keep them alike.
 */
export interface Manifest {
  /** MANIFEST_VERSION when built: a bundle an older builder made is rebuilt whatever its inputs. */
  version?: number;
  dir: string;
  node: string;
  inputs: Record<string, [number, number]>;
}

/** Raised when what the builder writes changes (2: the banner's `require` is the bundle's own). */
export const MANIFEST_VERSION = 2;

/** This file, an input of every bundle it builds: a change to the builder is a change to the bundle. */
const builder = fileURLToPath(import.meta.url);

/**
 * The workspace's own TypeScript is bundled; `import.meta.url` keeps meaning the file it is written
 * in (packageDir, the IDL include folder and the registry's addresses are computed from it), and
 * libraries stay outside, resolved through a `node_modules` link, so the code timed is the library
 * as installed (msgpackr with its native extension, for one).
 */
export const workspaceOnly: Plugin = {
  name: "workspace-only",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@wirebench/") ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      // Not inside a string: this very file names the expression in one (the CLI bundle holds it).
      contents: readFileSync(args.path, "utf8").replace(
        /(?<!["'`])import\.meta\.url/g,
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: "ts",
    }));
  },
};

/**
 * A cache folder this process may trust: its own, not writable by others (processes load code from
 * it, so another user must not be able to put code there). Created if missing.
 */
export function ownFolder(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o755 });
  const s = lstatSync(path);
  const uid = process.getuid?.();
  if (!s.isDirectory() || (uid !== undefined && s.uid !== uid) || (s.mode & 0o022) !== 0)
    throw new Error(`${path} is not a folder of this user that only it may write`);
  return path;
}

const fresh = (m: Manifest) =>
  m.version === MANIFEST_VERSION &&
  m.node === process.version &&
  Object.entries(m.inputs).every(([file, [size, mtime]]) => {
    try {
      const s = statSync(file);
      return s.size === size && s.mtimeMs === mtime;
    } catch {
      return false;
    }
  });

/** The entry of the bundle `root/manifest.json` names, if it is still what its inputs would build. */
export function freshBundle(root: string): string | undefined {
  const manifestPath = join(root, "manifest.json");
  if (!existsSync(manifestPath)) return undefined;
  const m = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  return fresh(m) && existsSync(join(m.dir, "entry.js")) ? join(m.dir, "entry.js") : undefined;
}

/**
 * Bundles `entrySource` (an ES module naming workspace files by absolute path) into a new folder
 * `root/<prefix>-…`, code-split (dynamic imports become chunks loaded when used), and makes it the
 * one `root/manifest.json` names. Returns the path of its `entry.js`.
 */
export async function buildEsmBundle(root: string, prefix: string, entrySource: string): Promise<string> {
  const dir = join(root, `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`);
  mkdirSync(dir, { mode: 0o755 });
  const entry = join(dir, "entry.ts");
  writeFileSync(entry, entrySource);
  // Loaded here, not with this module: a run whose bundle is fresh (most runs) never needs it, and
  // esbuild's API was about 25 ms of every CLI start.
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entry],
    outdir: dir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "silent",
    metafile: true,
    entryNames: "[name]",
    // CommonJS libraries inside an ES module bundle still call require(). Written `import.meta["url"]`:
    // this file is bundled too (into the CLI), where workspaceOnly would rewrite the dotted form.
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta["url"]);',
    },
    plugins: [workspaceOnly],
  });
  symlinkSync(nodeModules, join(dir, "node_modules"), "dir");
  // Said, not detected: Node would first parse every chunk as CommonJS, and a loader hook (tsx) may not detect.
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  const inputs: Manifest["inputs"] = {};
  for (const file of [builder, ...Object.keys(result.metafile.inputs)]) {
    const path = file.startsWith("/") ? file : join(process.cwd(), file);
    if (path === entry) continue;
    const s = statSync(path);
    inputs[path] = [s.size, s.mtimeMs];
  }
  const manifest: Manifest = { version: MANIFEST_VERSION, dir, node: process.version, inputs };
  // Atomic: a run starting meanwhile reads the old manifest or the new one, never half of one.
  const tmp = join(root, `manifest-${randomBytes(4).toString("hex")}.tmp`);
  writeFileSync(tmp, JSON.stringify(manifest));
  renameSync(tmp, join(root, "manifest.json"));
  removeStale(root, prefix, dir);
  return join(dir, "entry.js");
}

/** Bundles older than this that the manifest no longer names are removed (a process may still run one). */
const staleMs = 60 * 60 * 1000;

function removeStale(root: string, prefix: string, keep: string): void {
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (!name.startsWith(`${prefix}-`) || path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > staleMs) rmSync(path, { recursive: true, force: true });
    } catch {}
  }
}
