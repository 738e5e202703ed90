import { describe, expect, it } from "vitest";
import { emitProto } from "../src/emit/emit-proto.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import type { IrSchema, IrType, RecordType } from "../src/ir.ts";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties,
    ...extra,
  });
const fieldTypes = (ir: IrSchema): Record<string, IrType> =>
  Object.fromEntries((ir.root as RecordType).fields.map((f) => [f.name, f.type]));
const codes = (ir: IrSchema) => (ir.limitations ?? []).map((l) => `${l.code} ${l.path}`);

describe("JSON Schema integers: bounds choose the width", () => {
  it.each([
    [{ minimum: 0, maximum: 255 }, "uint32"],
    [{ minimum: 0, exclusiveMaximum: 4294967296 }, "uint32"],
    [{ minimum: 0, maximum: 4294967296 }, "uint64"],
    [{ minimum: -5, maximum: 5 }, "int32"],
    [{ minimum: -2147483648, maximum: 2147483647 }, "int32"],
    [{ minimum: -2147483649, maximum: 0 }, "int64"],
    [{ exclusiveMinimum: -1, maximum: 10 }, "uint32"],
    [{ minimum: 0 }, "int64"], // one bound says nothing about the width
    [{ minimum: 0, maximum: 255, format: "int64" }, "int64"], // an explicit format wins
    [{ enum: [1, 2, 300] }, "uint32"],
    [{ enum: [-1, 1] }, "int32"],
    [{ format: "uint8" }, "uint32"],
  ])("%j → %s", (bounds, kind) => {
    const ir = importJsonSchema(object({ n: { type: "integer", ...bounds } }));
    expect(fieldTypes(ir).n).toEqual({ kind });
  });

  it("the emitted .proto uses the width: 0..255 is uint32", () => {
    const ir = importJsonSchema(object({ n: { type: "integer", minimum: 0, maximum: 255 } }));
    expect(emitProto(ir).text).toContain("optional uint32 n = 1;");
  });
});

describe("JSON Schema constructs keep what the user wrote", () => {
  it("const and oneOf of consts are enums; null, nullable and type lists as written", () => {
    const ir = importJsonSchema(
      object({
        kind: { const: "video" },
        state: { oneOf: [{ const: "draft" }, { const: "live" }, { type: "null" }] },
        nothing: { type: "null" },
        openapi: { type: "string", nullable: true },
        either: { type: ["string", "integer", "null"] },
        blob: { type: "string", format: "byte" },
      }),
    );
    expect(fieldTypes(ir)).toEqual({
      kind: { kind: "enum", name: "Kind", symbols: ["video"] },
      state: { kind: "nullable", type: { kind: "enum", name: "State", symbols: ["draft", "live"] } },
      nothing: { kind: "null" },
      openapi: { kind: "nullable", type: { kind: "string" } },
      either: {
        kind: "nullable",
        type: {
          kind: "union",
          name: "EitherUnion",
          variants: [{ kind: "string" }, { kind: "int64" }],
        },
      },
      blob: { kind: "bytes" },
    });
  });

  it("allOf merges properties and required, following $refs", () => {
    const ir = importJsonSchema(
      JSON.stringify({
        $defs: { Base: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } },
        title: "Item",
        allOf: [
          { $ref: "#/$defs/Base" },
          { properties: { qty: { type: "integer", minimum: 1, maximum: 99 } } },
        ],
      }),
    );
    expect(ir.root).toEqual({
      kind: "record",
      name: "Item",
      fields: [
        { name: "id", number: 1, type: { kind: "string" }, optional: false },
        { name: "qty", number: 2, type: { kind: "uint32" }, optional: true },
      ],
    });
  });

  it("additionalProperties and patternProperties alone are maps; beside properties they are reported", () => {
    const ir = importJsonSchema(
      object({
        counts: { type: "object", additionalProperties: { type: "integer", minimum: 0, maximum: 9 } },
        labels: { patternProperties: { "^x-": { type: "string" } } },
        mixed: {
          type: "object",
          properties: { a: { type: "string" } },
          additionalProperties: { type: "integer" },
        },
        pair: {
          type: "array",
          prefixItems: [{ type: "string" }, { type: "integer", minimum: 0, maximum: 1 }],
        },
        odd: { enum: ["a", 1] },
      }),
    );
    const t = fieldTypes(ir);
    expect(t.counts).toEqual({ kind: "map", values: { kind: "uint32" } });
    expect(t.labels).toEqual({ kind: "map", values: { kind: "string" } });
    expect(t.mixed).toMatchObject({ kind: "record", fields: [{ name: "a" }] });
    expect(t.pair).toMatchObject({
      kind: "array",
      items: { kind: "union", variants: [{ kind: "string" }, { kind: "uint32" }] },
    });
    expect(t.odd).toEqual({ kind: "any" });
    expect(codes(ir)).toEqual([
      "extra-properties-dropped Root.mixed",
      "tuple-as-array Root.pair",
      "enum-as-any Root.odd",
    ]);
  });
});
