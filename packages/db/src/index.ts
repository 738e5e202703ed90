// Runtime entry: what the web app and the worker need. Migrations and the drift check live in
// `@wirebench/db/migrate`, so bundlers never see their file-system paths.
export { createPrismaClient, type PrismaClient } from "./client.ts";
export { type DbEnv, dbEnv, defaultDatabaseUrl } from "./db-env.ts";
export { dropDatabase, ensureDatabase, splitDatabaseUrl } from "./ensure-database.ts";
export { postgresHint, redactUrl, ServiceUnreachableError } from "./errors.ts";
export * from "./generated/prisma/enums.ts";
export { isPostgresDown } from "./postgres-down.ts";
