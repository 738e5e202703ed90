// `npm run conformance`: install what the references need (protoc, flatc, capnp, thrift, the Python
// environment), then check every corpus document's bytes against each format's reference encoder.
// Arguments pass through (`npm run conformance -- --only weather --json rows.json`).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureDebianPackages, ensureNodeModules, ensurePythonReferences, root } from "./lib.mjs";

ensureNodeModules();
ensureDebianPackages();
ensurePythonReferences();
const res = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    join(root, "packages", "conformance", "bin", "conformance.ts"),
    ...process.argv.slice(2),
  ],
  { stdio: "inherit", cwd: root },
);
process.exit(res.status ?? 1);
