import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { importProto } from "../src/import/import-proto.ts";
import type { IrType } from "../src/ir.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const field = (t: IrType, name: string) =>
  t.kind === "record" ? t.fields.find((f) => f.name === name) : undefined;

describe("importers", () => {
  it("proto3: messages, numbers, enums with their values, maps, optional", () => {
    const ir = importProto(fixture("order.proto"));
    expect(ir.name).toBe("Order");
    expect(field(ir.root, "id")).toEqual({ name: "id", number: 1, type: { kind: "int64" }, optional: false });
    expect(field(ir.root, "note")?.optional).toBe(true);
    expect(field(ir.root, "status")?.type).toEqual({
      kind: "enum",
      name: "Status",
      symbols: ["STATUS_UNKNOWN", "STATUS_PAID", "STATUS_SHIPPED"],
      values: [0, 1, 2],
    });
    expect(field(ir.root, "attributes")?.type).toEqual({ kind: "map", values: { kind: "string" } });
    expect(field(ir.root, "ratio")?.type).toEqual({ kind: "float32" });
  });

  it("proto2: required and optional", () => {
    const ir = importProto(fixture("legacy.proto"));
    expect(field(ir.root, "x")?.optional).toBe(false);
    expect(field(ir.root, "y")?.optional).toBe(true);
    expect(field(ir.root, "labels")?.type).toEqual({ kind: "array", items: { kind: "string" } });
  });

  it("avsc: ['null', T] is nullable, records and enums by name", () => {
    const ir = importAvsc(fixture("order.avsc"));
    expect(field(ir.root, "note")?.type).toEqual({ kind: "nullable", type: { kind: "string" } });
    expect(field(ir.root, "lines")?.type).toMatchObject({
      kind: "array",
      items: { kind: "record", name: "Line" },
    });
  });

  it("JSON Schema draft-07: $ref into definitions, required, nullable, formats", () => {
    const ir = importJsonSchema(fixture("order.schema.json"));
    expect(field(ir.root, "note")).toMatchObject({
      optional: true,
      type: { kind: "nullable", type: { kind: "string" } },
    });
    expect(field(ir.root, "placedAt")?.type).toEqual({ kind: "string", format: "date-time" });
    expect(field(ir.root, "lines")?.type).toMatchObject({
      kind: "array",
      items: { kind: "record", name: "Line" },
    });
  });

  it.each([
    ["proto", () => importProto("message {")],
    ["avsc", () => importAvsc('{"type": "record", "name": "X", "fields": [{"name": "a", "type": "nope"}]}')],
    [
      "jsonschema",
      () => importJsonSchema('{"type": "object", "properties": {"a": {"$ref": "#/$defs/Missing"}}}'),
    ],
    ["jsonschema (not JSON)", () => importJsonSchema("{")],
  ])("an invalid %s schema gives a clear error", (_kind, fn) => {
    expect(fn).toThrow(/does not parse|points nowhere|not valid JSON/);
  });
});

// import → emit → import round trips and the emitted-text goldens: golden-round-trip.test.ts.
