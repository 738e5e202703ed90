import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** prisma/schema.prisma at the repo root: the source of the generated client. */
export const prismaSchemaPath = fileURLToPath(new URL("../../../prisma/schema.prisma", import.meta.url));

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  isList: boolean;
  isRequired: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  fields: { name: string }[];
}
interface Datamodel {
  models: DmmfModel[];
  enums: { name: string; dbName?: string | null; values: { name: string; dbName: string | null }[] }[];
  indexes: DmmfIndex[];
}

/** The data model the Prisma client is generated from, read with Prisma's own schema engine (wasm). */
export function loadDatamodel(schemaPath = prismaSchemaPath): Datamodel {
  const require = createRequire(import.meta.url);
  const wasm = require("@prisma/prisma-schema-wasm") as { get_dmmf(params: string): string };
  const schema = readFileSync(schemaPath, "utf8");
  return JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schema]] }))).datamodel;
}

// Postgres udt_name for each Prisma scalar, with the native types this project uses.
function expectedUdt(f: DmmfField, enumDbName: (n: string) => string): string {
  if (f.kind === "enum") return (f.isList ? "_" : "") + enumDbName(f.type);
  const native = f.nativeType?.[0];
  const base =
    native === "Timestamptz"
      ? "timestamptz"
      : native === "VarChar"
        ? "varchar"
        : ({
            String: "text",
            Int: "int4",
            BigInt: "int8",
            Float: "float8",
            Boolean: "bool",
            DateTime: "timestamp",
            Json: "jsonb",
            Bytes: "bytea",
            Decimal: "numeric",
          }[f.type] ?? `unknown:${f.type}`);
  return (f.isList ? "_" : "") + base;
}

/**
 * Lists every difference between the migrated database and schema.prisma: missing or extra tables
 * and columns, column types, nullability, enum values, indexes and foreign keys. Empty = no drift.
 */
export async function findDrift(url: string, datamodel = loadDatamodel()): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const problems: string[] = [];
    const columns = (
      await client.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
        `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
      )
    ).rows;
    const enumRows = (
      await client.query<{ typname: string; labels: string[] }>(
        `SELECT t.typname, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
         JOIN pg_namespace n ON n.oid = t.typnamespace AND n.nspname = current_schema()
         GROUP BY t.typname`,
      )
    ).rows;
    const indexRows = (
      await client.query<{ table: string; columns: string[]; unique: boolean; primary: boolean }>(
        `SELECT t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
                array_agg(a.attname ORDER BY k.ord)::text[] AS columns
         FROM pg_index ix
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = current_schema()
         CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
         JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
         WHERE t.relname <> '_prisma_migrations'
         GROUP BY t.relname, ix.indexrelid, ix.indisunique, ix.indisprimary`,
      )
    ).rows;
    const fkRows = (
      await client.query<{ table: string; columns: string[]; target: string }>(
        `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS target,
                array(SELECT attname FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = ANY(c.conkey)
                      ORDER BY array_position(c.conkey, attnum))::text[] AS columns
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = current_schema()
         WHERE c.contype = 'f'`,
      )
    ).rows;

    const enumDbName = (name: string) => datamodel.enums.find((e) => e.name === name)?.dbName ?? name;
    for (const e of datamodel.enums) {
      const want = e.values.map((v) => v.dbName ?? v.name);
      const got = enumRows.find((r) => r.typname === enumDbName(e.name))?.labels;
      if (!got) problems.push(`enum ${e.name}: missing in database`);
      else if (want.join(",") !== got.join(",")) problems.push(`enum ${e.name}: values ${got} != ${want}`);
    }

    const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
    const columnOf = (m: DmmfModel, fieldName: string) => {
      const f = m.fields.find((x) => x.name === fieldName);
      return f?.dbName ?? fieldName;
    };
    const modelTables = new Set(datamodel.models.map(tableOf));
    for (const table of new Set(columns.map((c) => c.table_name))) {
      if (!modelTables.has(table)) problems.push(`table ${table}: in database but not in schema.prisma`);
    }

    for (const m of datamodel.models) {
      const table = tableOf(m);
      const dbCols = new Map(columns.filter((c) => c.table_name === table).map((c) => [c.column_name, c]));
      if (dbCols.size === 0) {
        problems.push(`table ${table}: missing in database`);
        continue;
      }
      const modelCols = new Set<string>();
      for (const f of m.fields) {
        if (f.kind === "object") {
          if (f.relationFromFields?.length) {
            const cols = f.relationFromFields.map((n) => columnOf(m, n));
            const target = datamodel.models.find((x) => x.name === f.type);
            const fk = fkRows.find(
              (r) =>
                r.table.replace(/"/g, "") === table &&
                r.columns.join(",") === cols.join(",") &&
                target &&
                r.target.replace(/"/g, "") === tableOf(target),
            );
            if (!fk) problems.push(`${table}.${cols.join(",")}: foreign key to ${f.type} missing`);
          }
          continue;
        }
        const col = f.dbName ?? f.name;
        modelCols.add(col);
        const db = dbCols.get(col);
        if (!db) {
          problems.push(`${table}.${col}: missing in database`);
          continue;
        }
        const udt = expectedUdt(f, enumDbName);
        if (db.udt_name !== udt) problems.push(`${table}.${col}: type ${db.udt_name}, schema says ${udt}`);
        // Prisma creates scalar lists without NOT NULL.
        const wantNullable = !f.isRequired || f.isList;
        if ((db.is_nullable === "YES") !== wantNullable) {
          problems.push(
            `${table}.${col}: nullable=${db.is_nullable}, schema says ${wantNullable ? "YES" : "NO"}`,
          );
        }
      }
      for (const col of dbCols.keys()) {
        if (!modelCols.has(col)) problems.push(`${table}.${col}: in database but not in schema.prisma`);
      }
      const wantIndexes = [
        ...datamodel.indexes
          .filter((i) => i.model === m.name && i.type !== "fulltext")
          .map((i) => ({
            cols: i.fields.map((x) => columnOf(m, x.name)).join(","),
            unique: i.type !== "normal",
          })),
        ...m.fields
          .filter((f) => (f as { isUnique?: boolean }).isUnique)
          .map((f) => ({ cols: f.dbName ?? f.name, unique: true })),
      ];
      const gotIndexes = indexRows.filter((r) => r.table === table);
      for (const w of wantIndexes) {
        if (!gotIndexes.some((g) => g.columns.join(",") === w.cols && g.unique === w.unique)) {
          problems.push(`${table}(${w.cols}): ${w.unique ? "unique " : ""}index missing`);
        }
      }
      for (const g of gotIndexes) {
        if (!wantIndexes.some((w) => w.cols === g.columns.join(",") && w.unique === g.unique)) {
          problems.push(`${table}(${g.columns}): index in database but not in schema.prisma`);
        }
      }
    }
    return [...new Set(problems)];
  } finally {
    await client.end();
  }
}
