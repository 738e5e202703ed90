import { decodeIr, importJsonSchema, measureSchema, type StoredIr } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refBombSchema } from "../../../packages/schemas/test/hostile/hostile-inputs.ts";
import { createRunFixture, measureRunNow, type RunFixture } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("stored-ir");
});
afterAll(async () => f?.close());

describe("the stored IR of a schema with shared types", () => {
  it("stays proportional to the schema text (8 × 5 shared levels: 32,768 leaves, 2.6 MB written out)", async () => {
    const schemaText = refBombSchema(8, 5);
    const { id: runId } = await measureRunNow(f.prisma, {
      inputKind: "jsonschema",
      schemaText,
      formats: ["json"],
      options: { quick: true, count: 1, schemaKind: "jsonschema" },
    });

    const [row] = await f.prisma.$queryRaw<{ bytes: number; status: string }[]>`
      SELECT octet_length(ir::text) AS bytes, status::text AS status FROM runs WHERE id = ${runId}`;
    expect(row?.status).toBe("completed");
    expect(row!.bytes).toBeLessThan(3 * schemaText.length);
    const run = await f.prisma.run.findUniqueOrThrow({ where: { id: runId } });
    const ir = decodeIr(run.ir as unknown as StoredIr);
    expect(measureSchema(ir.root)).toEqual(measureSchema(importJsonSchema(schemaText).root));
  }, 120_000);
});
