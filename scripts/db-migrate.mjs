import { ensureNodeModules, ensurePrismaClient, migrateDatabase } from "./lib.mjs";

ensureNodeModules();
ensurePrismaClient();
migrateDatabase();
