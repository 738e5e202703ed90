import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emitJsonSchema } from "../src/emit/emit-jsonschema.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import type { IrSchema, RecordType } from "../src/ir.ts";

const text = readFileSync(new URL("./fixtures/catalog.schema.json", import.meta.url), "utf8");

// Written out by hand from the fixture and the importer's documented rules (README, "Importing
// schemas"): `format: date-time` stays a string with its format (never `timestamp`, which is only
// for Wirebench's own `x-wirebench-type`), `integer` without a format is int64, `number` is float64,
// a property outside `required` is optional, `null` in `type` or `enum` makes it nullable.
const address: RecordType = {
  kind: "record",
  name: "Address",
  fields: [
    { name: "street", number: 1, type: { kind: "string" }, optional: true },
    { name: "city", number: 2, type: { kind: "string" }, optional: false },
    {
      name: "country",
      number: 3,
      type: { kind: "enum", name: "Country", symbols: ["DE", "FR", "US"] },
      optional: true,
    },
  ],
};
const expected: IrSchema = {
  irVersion: 1,
  name: "Catalog",
  source: "jsonschema",
  root: {
    kind: "record",
    name: "Catalog",
    fields: [
      { name: "id", number: 1, type: { kind: "string", format: "uuid" }, optional: false },
      { name: "updatedAt", number: 2, type: { kind: "string", format: "date-time" }, optional: false },
      {
        name: "owner",
        number: 3,
        optional: true,
        type: {
          kind: "record",
          name: "Person",
          fields: [
            { name: "name", number: 1, type: { kind: "string" }, optional: false },
            {
              name: "email",
              number: 2,
              type: { kind: "nullable", type: { kind: "string" } },
              optional: true,
            },
            { name: "address", number: 3, type: address, optional: true },
          ],
        },
      },
      {
        name: "products",
        number: 4,
        optional: false,
        type: {
          kind: "array",
          items: {
            kind: "record",
            name: "Product",
            fields: [
              { name: "sku", number: 1, type: { kind: "string" }, optional: false },
              { name: "price", number: 2, type: { kind: "float64" }, optional: false },
              {
                name: "status",
                number: 3,
                type: { kind: "enum", name: "Status", symbols: ["draft", "active", "retired"] },
                optional: false,
              },
              {
                name: "previousStatus",
                number: 4,
                type: {
                  kind: "nullable",
                  type: { kind: "enum", name: "PreviousStatus", symbols: ["draft", "active", "retired"] },
                },
                optional: true,
              },
              {
                name: "tags",
                number: 5,
                type: { kind: "array", items: { kind: "string" } },
                optional: true,
              },
              {
                name: "discontinuedAt",
                number: 6,
                type: { kind: "nullable", type: { kind: "string", format: "date-time" } },
                optional: true,
              },
              { name: "warehouse", number: 7, type: address, optional: true },
              {
                name: "stock",
                number: 8,
                type: { kind: "map", values: { kind: "int32" } },
                optional: false,
              },
              {
                name: "notes",
                number: 9,
                type: { kind: "map", values: { kind: "nullable", type: { kind: "string" } } },
                optional: true,
              },
            ],
          },
        },
      },
      { name: "labels", number: 5, type: { kind: "map", values: { kind: "string" } }, optional: true },
    ],
  },
};

describe("JSON Schema 2020-12 with $defs and $ref", () => {
  it("imports into the IR written out by hand", () => {
    expect(importJsonSchema(text)).toEqual(expected);
  });

  it("follows a $ref into a nested $defs, and both references to it give one type", () => {
    const root = importJsonSchema(text).root as RecordType;
    const owner = root.fields.find((f) => f.name === "owner")!.type as RecordType;
    const products = root.fields.find((f) => f.name === "products")!.type;
    const product = (products as { items: RecordType }).items;
    const viaOwner = owner.fields.find((f) => f.name === "address")!.type;
    const viaProduct = product.fields.find((f) => f.name === "warehouse")!.type;
    expect(viaOwner).toMatchObject({ kind: "record", name: "Address" });
    // The same object, not two equal copies: emitters tell types apart by name and declare it once.
    expect(viaProduct).toBe(viaOwner);
  });

  it("round-trips through the JSON Schema emitter unchanged", () => {
    const ir = importJsonSchema(text);
    const emitted = emitJsonSchema(ir).text;
    expect(importJsonSchema(emitted)).toEqual(ir);
    // The nested definition is flattened into the top-level $defs on the way out.
    expect(Object.keys(JSON.parse(emitted).$defs)).toContain("Address");
  });

  it.each([
    ["#/$defs/Person/$defs/Nope", /points nowhere/],
    ["#/$defs/Person/required/0", /does not point to a schema/],
    ["other.json#/$defs/Person", /only references inside the same document/],
  ])("refuses the $ref %s with a clear message", (ref, message) => {
    const doc = JSON.parse(text);
    doc.properties.owner = { $ref: ref };
    expect(() => importJsonSchema(JSON.stringify(doc))).toThrow(message);
  });
});
