import { describe, expect, it } from "vitest";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { SchemaImportError } from "../src/import/schema-import-error.ts";
import { checkSchemaSize, measureSchema } from "../src/measure/schema-size.ts";
import { refBombSchema } from "./hostile/hostile-inputs.ts";

describe("expanded schema size", () => {
  it("counts a shared-type bomb's leaves without expanding it: one visit per distinct type", () => {
    const ir = importJsonSchema(refBombSchema(8, 6));
    const size = measureSchema(ir.root);
    expect(size.leaves).toBe(8 ** 6);
    expect(size.types).toBe(6);
    // 6 records and the integer leaves' types: the count never walked the 262,144 expanded slots.
    expect(size.visited).toBeLessThan(6 * 9);
  });

  it("saturates rather than overflowing when the expansion is astronomic (8^60)", () => {
    const ir = importJsonSchema(refBombSchema(8, 60));
    const size = measureSchema(ir.root);
    expect(size.leaves).toBe(Number.MAX_SAFE_INTEGER);
    expect(size.visited).toBeLessThan(60 * 9);
    expect(() => checkSchemaSize(ir)).toThrow(/more than 2\^53 fields.*maxSchemaLeaves/);
  });

  it("refuses the bomb with a SchemaImportError naming the limit and the setting", () => {
    const ir = importJsonSchema(refBombSchema(8, 6));
    let caught: unknown;
    try {
      checkSchemaSize(ir, {}, { leaves: "WIREBENCH_MAX_SCHEMA_LEAVES" });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SchemaImportError);
    expect((caught as Error).message).toBe(
      "one Bomb message expands to 262,144 fields once its shared types are written out where they " +
        "are used, more than the limit of 100,000 (WIREBENCH_MAX_SCHEMA_LEAVES)",
    );
  });

  it("accepts the same shape under the limit, and a raised limit accepts the bomb", () => {
    expect(checkSchemaSize(importJsonSchema(refBombSchema(8, 5))).leaves).toBe(8 ** 5);
    expect(checkSchemaSize(importJsonSchema(refBombSchema(8, 6)), { maxSchemaLeaves: 300_000 }).leaves).toBe(
      8 ** 6,
    );
  });

  it("refuses too many distinct types, naming maxSchemaTypes", () => {
    const ir = importJsonSchema(refBombSchema(2, 30));
    expect(() => checkSchemaSize(ir, { maxSchemaTypes: 10 })).toThrow(
      "the schema has 30 records, enums and unions, more than the limit of 10 (maxSchemaTypes)",
    );
  });
});
