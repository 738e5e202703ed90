import { fileURLToPath } from "node:url";
import { adapterTableSource, buildEsmBundle, ownFolder } from "@wirebench/codecs/bundle";

const mainModule = fileURLToPath(new URL("../main.ts", import.meta.url));

/**
 * Bundles the CLI (src/main.ts and the workspace code it imports; libraries stay outside) into one
 * ES module under `root`, the folder bin/cli-bundle.mjs chose and checks for freshness. The registry's
 * adapters are chunks loaded when used (a `--runtimes` input shape encodes with one in this process),
 * as in the measurement child's bundle. Under the TypeScript loader, the CLI spent about 1.2 s of
 * CPU loading its modules before it read its input.
 */
export function buildCliBundle(root: string): Promise<string> {
  return buildEsmBundle(
    ownFolder(root),
    "cli",
    `${adapterTableSource()}\nexport { main } from ${JSON.stringify(mainModule)};\n`,
  );
}
