// Everything the product and the tests need, done once: npm packages, schema compilers, Prisma client.
import { ensureDebianPackages, ensureNodeModules, ensurePrismaClient } from "./lib.mjs";

ensureNodeModules();
ensureDebianPackages();
ensurePrismaClient();
