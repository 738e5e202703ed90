export { findDrift, loadDatamodel, prismaSchemaPath } from "./drift.ts";
export { listMigrations, type MigrateResult, migrate, migrationsDir } from "./migrate.ts";
