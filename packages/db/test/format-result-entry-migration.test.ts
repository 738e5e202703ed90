import { cpSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { listMigrations, migrate, migrationsDir } from "../src/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../src/testing.ts";
import { queryOnce } from "./query-once.ts";

/**
 * format_results keeps only the Result JSON entry (`detail`): a row written before `detail` existed
 * gets one built from the columns that are dropped, so no stored result is lost.
 */
const entryOnly = "20261123170000_format_result_entry_only";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase("entrymigration", { migrate: false });
});
afterAll(async () => db?.drop());

const query = <T extends pg.QueryResultRow>(sql: string) => queryOnce<T>(db.url, sql);

describe(entryOnly, () => {
  it("builds the entry of a legacy row from its columns, then drops them", async () => {
    const before = scratchDir("wirebench-migrations-");
    for (const m of listMigrations().filter((m) => m.name < entryOnly))
      cpSync(join(migrationsDir, m.name), join(before, m.name), { recursive: true });
    await migrate(db.url, before);
    await query(`INSERT INTO runs (id, input_kind, updated_at) VALUES ('r1', 'json', now())`);
    await query(`INSERT INTO format_results (id, run_id, format_id, format, variant, library, version, ok, error, bytes, compressed, encode, fidelity)
      VALUES ('a', 'r1', 'json', 'json', '', 'built-in', '24', true, NULL, 120, '{"gzip": 90, "brotli": 80, "zstd": 85}',
              '{"medianNs": 10, "ciLowNs": 9, "ciHighNs": 11, "samples": 5, "opsPerSec": 1, "mbPerSec": 1}', '{"exact": true, "issues": []}'),
             ('b', 'r1', 'avro', 'avro', '', 'avsc', '5', false, 'avro: cannot represent /a', NULL, NULL, NULL, NULL)`);
    await query(`UPDATE format_results SET detail = '{"id": "kept"}' WHERE id = 'a'`);
    await query(`INSERT INTO format_results (id, run_id, format_id, format, variant, library, version, ok)
      VALUES ('c', 'r1', 'cbor', 'cbor', '', 'cbor-x', '1', true)`);

    await migrate(db.url);
    const rows = await query<{ id: string; detail: Record<string, unknown> }>(
      `SELECT id, detail FROM format_results ORDER BY id`,
    );
    // A row that had its entry keeps it as it was.
    expect(rows[0]?.detail).toEqual({ id: "kept" });
    expect(rows[1]?.detail).toEqual({
      id: "avro",
      format: "avro",
      variant: "",
      library: "avsc",
      version: "5",
      ok: false,
      error: "avro: cannot represent /a",
      bytes: 0,
      compressed: { gzip: 0, brotli: 0, zstd: 0 },
      encode: null,
      decode: null,
      fidelity: { exact: false, issues: [] },
    });
    expect(rows[2]?.detail).toMatchObject({ id: "cbor", library: "cbor-x", ok: true, bytes: 0 });
    const columns = await query<{ column_name: string; is_nullable: string }>(
      `SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 'format_results' ORDER BY column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      "created_at",
      "detail",
      "format",
      "format_id",
      "id",
      "ok",
      "run_id",
      "variant",
    ]);
    expect(columns.find((c) => c.column_name === "detail")?.is_nullable).toBe("NO");
  });
});
