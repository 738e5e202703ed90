import { createHash } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registry } from "../registry/registry.ts";
import { buildEsmBundle, freshBundle, nodeModules, ownFolder } from "./esm-bundle.ts";

export { buildEsmBundle, freshBundle, ownFolder } from "./esm-bundle.ts";

const childMain = fileURLToPath(new URL("./child-main.ts", import.meta.url));
const registryModule = fileURLToPath(new URL("../registry/registry.ts", import.meta.url));
/**
 * Each checkout keeps bundles of its own: the manifest holds absolute input paths, so a bundle another
 * checkout built (a CI clone beside a working tree, a git worktree) would look fresh here while
 * carrying that checkout's code and node_modules link.
 */
const checkoutKey = createHash("sha256").update(`${childMain}\0${nodeModules}`).digest("hex").slice(0, 16);

const adaptersFolder = new URL("../adapters/", import.meta.url).href;

/**
 * Modules a bundled process can load: the registry's adapters in this package's adapters folder. An
 * entry pointed elsewhere (a test's or a plugin's adapter, set before or after a cached bundle was
 * built) is not in any bundle, so a job holding one starts from the sources with the TypeScript loader.
 */
export const bundledAdapterModules = new Set(
  registry.map((e) => e.module).filter((m) => m.startsWith(adaptersFolder)),
);

/**
 * Lines of a bundle entry handing the registry every bundled adapter: each becomes a chunk of its
 * own, imported when a format of it is prepared, so a process loads only the libraries it uses.
 */
export function adapterTableSource(): string {
  const table = [...bundledAdapterModules].map(
    (m) => `${JSON.stringify(m)}: () => import(${JSON.stringify(fileURLToPath(m))})`,
  );
  return [
    `import { provideAdapterModules } from ${JSON.stringify(registryModule)};`,
    `provideAdapterModules({ ${table.join(", ")} });`,
  ].join("\n");
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
    return (
      freshBundle(root) ??
      (await buildEsmBundle(
        root,
        "child",
        `${adapterTableSource()}\nawait import(${JSON.stringify(childMain)});\n`,
      ))
    );
  })();
  // A failed build is tried again by the next run rather than remembered.
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
