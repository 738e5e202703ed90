import { createHash, randomBytes } from "node:crypto";
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
import { build, type Plugin } from "esbuild";
import { registry } from "../registry/registry.ts";

const require = createRequire(import.meta.url);
const childMain = fileURLToPath(new URL("./child-main.ts", import.meta.url));
const registryModule = fileURLToPath(new URL("../registry/registry.ts", import.meta.url));
/** The node_modules folder the libraries resolve from (the hoisted one of the workspace). */
const nodeModules = dirname(dirname(require.resolve("esbuild/package.json")));
/**
 * Each checkout keeps bundles of its own: the manifest holds absolute input paths, so a bundle another
 * checkout built (a CI clone beside a working tree, a git worktree) would look fresh here while
 * carrying that checkout's code and node_modules link.
 */
const checkoutKey = createHash("sha256").update(`${childMain}\0${nodeModules}`).digest("hex").slice(0, 16);

/** What a cached bundle was built from: every input file's size and modification time. */
interface Manifest {
  dir: string;
  node: string;
  inputs: Record<string, [number, number]>;
}

const adaptersFolder = new URL("../adapters/", import.meta.url).href;

/**
 * Modules a bundled child can load: the registry's adapters in this package's adapters folder. An
 * entry pointed elsewhere (a test's or a plugin's adapter, set before or after a cached bundle was
 * built) is not in any bundle, so a job holding one starts from the sources with the TypeScript loader.
 */
export const bundledAdapterModules = new Set(
  registry.map((e) => e.module).filter((m) => m.startsWith(adaptersFolder)),
);

/**
 * The workspace's own TypeScript is bundled; `import.meta.url` keeps meaning the file it is written
 * in (packageDir, the IDL include folder and the registry's addresses are computed from it), and
 * libraries stay outside, resolved through a `node_modules` link, so the code timed is the library
 * as installed (msgpackr with its native extension, for one).
 */
const workspaceOnly: Plugin = {
  name: "workspace-only",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@wirebench/") ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, "utf8").replaceAll(
        "import.meta.url",
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: "ts",
    }));
  },
};

const fresh = (m: Manifest) =>
  m.node === process.version &&
  Object.entries(m.inputs).every(([file, [size, mtime]]) => {
    try {
      const s = statSync(file);
      return s.size === size && s.mtimeMs === mtime;
    } catch {
      return false;
    }
  });

/**
 * A cache folder this process may trust: its own, not writable by others (children load code from
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

async function buildBundle(root: string): Promise<string> {
  const dir = join(root, `child-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`);
  mkdirSync(dir, { mode: 0o755 });
  // Each adapter becomes a chunk of its own, imported when a format of it is prepared: a child loads
  // only the libraries it measures.
  const table = [...bundledAdapterModules].map(
    (m) => `${JSON.stringify(m)}: () => import(${JSON.stringify(fileURLToPath(m))})`,
  );
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    [
      `import { provideAdapterModules } from ${JSON.stringify(registryModule)};`,
      `provideAdapterModules({ ${table.join(", ")} });`,
      `await import(${JSON.stringify(childMain)});`,
    ].join("\n"),
  );
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
    // CommonJS libraries inside an ES module bundle still call require().
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta.url);',
    },
    plugins: [workspaceOnly],
  });
  symlinkSync(nodeModules, join(dir, "node_modules"), "dir");
  const inputs: Manifest["inputs"] = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const path = file.startsWith("/") ? file : join(process.cwd(), file);
    if (path === entry) continue;
    const s = statSync(path);
    inputs[path] = [s.size, s.mtimeMs];
  }
  const manifest: Manifest = { dir, node: process.version, inputs };
  // Atomic: a run starting meanwhile reads the old manifest or the new one, never half of one.
  const tmp = join(root, `manifest-${randomBytes(4).toString("hex")}.tmp`);
  writeFileSync(tmp, JSON.stringify(manifest));
  renameSync(tmp, join(root, "manifest.json"));
  return join(dir, "entry.js");
}

/** Bundles older than this that the manifest no longer names are removed (a child may still run one). */
const staleMs = 60 * 60 * 1000;

function removeStale(root: string, keep: string): void {
  for (const name of readdirSync(root)) {
    const path = join(root, name);
    if (!name.startsWith("child-") || path === keep) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > staleMs) rmSync(path, { recursive: true, force: true });
    } catch {}
  }
}

let cached: Promise<string> | undefined;

/**
 * The measurement child as one bundled ES module (adapters as lazily loaded chunks), started without
 * the TypeScript loader: under it, a child spent about 1.4 s of CPU loading the harness's modules
 * before its first format. Built once into `cacheDir/child` and reused by later runs and processes
 * until one of its input files changes.
 */
export function measurementChildBundle(cacheDir: string): Promise<string> {
  cached ??= (async () => {
    ownFolder(join(cacheDir, "child"));
    const root = ownFolder(join(cacheDir, "child", checkoutKey));
    const manifestPath = join(root, "manifest.json");
    if (existsSync(manifestPath)) {
      const m = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
      if (fresh(m) && existsSync(join(m.dir, "entry.js"))) return join(m.dir, "entry.js");
    }
    const entry = await buildBundle(root);
    removeStale(root, dirname(entry));
    return entry;
  })();
  // A failed build is tried again by the next run rather than remembered.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
