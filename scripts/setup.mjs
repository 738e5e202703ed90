// Everything the product and the tests need, done once: npm packages, schema compilers, Prisma client,
// the conformance check's Python reference encoders.
import {
  ensureDebianPackages,
  ensureNodeModules,
  ensurePrismaClient,
  ensurePythonReferences,
  ensureRuntimes,
} from "./lib.mjs";

ensureNodeModules();
ensureDebianPackages();
ensurePrismaClient();
ensurePythonReferences();
await ensureRuntimes();
