// `npm test`: install what is missing (npm packages, schema compilers, Chromium, PostgreSQL, Redis), then lint,
// typecheck and run every package's tests against the real PostgreSQL and Redis.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  chromium,
  compilers,
  ensureDebianPackages,
  ensureNodeModules,
  ensurePrismaClient,
  ensurePythonReferences,
  ensureRuntimes,
  fail,
  log,
  root,
  run,
} from "./lib.mjs";
import { ensureServices } from "./services.mjs";

ensureNodeModules();
ensureDebianPackages([...compilers, chromium]);
ensurePrismaClient();
ensurePythonReferences();
await ensureRuntimes();
await ensureServices();

const bin = (name) => join(root, "node_modules", ".bin", name);
const report = ".vitest-report.json";
// Workspaces are all `<dir>/*` globs in package.json.
const workspaceDirs = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces.flatMap((w) => {
  const parent = join(root, w.replace(/\/\*$/, ""));
  return existsSync(parent) ? readdirSync(parent).map((d) => join(parent, d)) : [];
});
const reportFiles = () => workspaceDirs.map((d) => join(d, report)).filter((f) => existsSync(f));
const turbo = (args, passThrough = []) =>
  run(
    bin("turbo"),
    ["run", ...args, "--concurrency=2", "--continue", "--output-logs=full", "--", ...passThrough],
    {
      env: { NEXT_TELEMETRY_DISABLED: "1", TURBO_TELEMETRY_DISABLED: "1" },
      allowFailure: true,
    },
  );
log("lint and typecheck (turbo: biome, tsc per package)");
const typecheckOk = turbo(["lint", "typecheck", ...process.argv.slice(2)]);
log("tests (turbo, vitest)");
for (const f of reportFiles()) rmSync(f);
const testsOk = turbo(
  ["test", ...process.argv.slice(2)],
  ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
);

// One closing line for the whole repo, summed over every package's Vitest JSON report.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const f of reportFiles()) {
  const r = JSON.parse(readFileSync(f, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (!testsOk && failed === 0) failed = 1; // a suite that crashed before reporting still fails the run
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (!typecheckOk) fail("lint or typecheck failed (see its output above)");
process.exit(testsOk && failed === 0 ? 0 : 1);
