import { existsSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { workspaceOnly } from "../harness/esm-bundle.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { writeLayoutShift } from "./layout-shift.ts";

const require = createRequire(import.meta.url);
const childModule = fileURLToPath(new URL("./count-child.ts", import.meta.url));
/** The node_modules folder the libraries resolve from (the hoisted one of the workspace). */
const nodeModules = dirname(dirname(require.resolve("esbuild/package.json")));

const pathOf = (module: string) => (module.startsWith("file:") ? fileURLToPath(module) : module);

/**
 * Bundles the counting child and the adapters it counts into one ES module in `dir`. Under callgrind
 * the TypeScript loader alone cost 1.45 billion instructions (a minute of valgrind time) before the
 * first line ran; a bundle starts in a third of that. Libraries stay outside the bundle and resolve
 * through a `node_modules` link, so the code counted is the code the wall-clock children time
 * (msgpackr with its native extension, for one); only the workspace's own TypeScript is bundled
 * (esm-bundle.ts's workspaceOnly, as the measurement child's bundle).
 */
export async function bundleCountChild(entries: RegistryEntry[], dir: string): Promise<string> {
  const lines = [`import { runCountChild } from ${JSON.stringify(childModule)};`];
  const table = entries.map((e, i) => {
    lines.push(`import * as m${i} from ${JSON.stringify(pathOf(e.module))};`);
    return `${JSON.stringify(e.id)}: m${i}[${JSON.stringify(e.exportName)}]`;
  });
  lines.push(`runCountChild({ ${table.join(", ")} });`);
  const entryFile = join(dir, "count-entry.ts");
  writeFileSync(entryFile, lines.join("\n"));
  const outfile = join(dir, "count-child.mjs");
  // Loaded when counting, not with the CLI and worker that import this module (esm-bundle.ts).
  const { build } = await import("esbuild");
  await build({
    entryPoints: [entryFile],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "silent",
    // CommonJS libraries inside an ES module bundle still call require(). Written `import.meta["url"]`,
    // as in esm-bundle.ts: workspaceOnly would rewrite the plain spelling when the CLI bundle holds this file.
    banner: {
      js: 'import { createRequire as __cr } from "node:module"; const require = __cr(import.meta["url"]);',
    },
    // The measurement bundle's plugin: libraries outside, and `import.meta.url` still naming the file
    // it is written in (capnp's IDL include folder is computed from it: without this, counting
    // capnp ran `capnpc -I <work dir>/idl-includes`, a folder that does not exist).
    plugins: [workspaceOnly],
  });
  writeLayoutShift(dir);
  const link = join(dir, "node_modules");
  if (!existsSync(link)) symlinkSync(nodeModules, link, "dir");
  return outfile;
}
