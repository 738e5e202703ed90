import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { schemaKindOf } from "../src/detect/schema-kinds.ts";
import { checkRunInput } from "../src/load/check-run-input.ts";
import { importSchema } from "../src/load/import-schema.ts";
import { loadDataset } from "../src/load/load-dataset.ts";
import { defaultSchemaLimits } from "../src/measure/schema-size.ts";

const proto = readFileSync(new URL("fixtures/shop-item.proto", import.meta.url), "utf8");

describe("loadDataset with --schema", () => {
  it("reads a sample that uses Protobuf JSON names, int64 strings and enum numbers", () => {
    const d = loadDataset({
      text: JSON.stringify([
        { id: "505874924095815681", lastUpdated: "2024-01-01", status: 2, tags: ["a"] },
        { id: 7, last_updated: "2024-01-02", status: "ACTIVE", tags: [] },
      ]),
      schema: { kind: schemaKindOf("item.proto"), text: proto },
    });
    expect(d.messages).toEqual([
      { id: 505874924095815681n, last_updated: "2024-01-01", status: "GONE", tags: ["a"] },
      { id: 7, last_updated: "2024-01-02", status: "ACTIVE", tags: [] },
    ]);
  });

  it("names the message and path when the sample does not follow the schema", () => {
    expect(() =>
      loadDataset({
        text: '[{"id": 1}, {"id": 2, "colour": "red"}]',
        schema: { kind: "proto", text: proto },
      }),
    ).toThrow(/^message 1: the sample does not follow the schema: \/colour: no field "colour" in Item/);
  });
});

describe("importSchema rootType", () => {
  const two = `syntax = "proto3";
package shop;
message Order { repeated Item items = 1; message Line { int32 n = 1; } }
message Item { int32 id = 1; }
import "google/protobuf/timestamp.proto";`;

  it("lists every own message, nested ones included and google.protobuf left out", () => {
    expect(() => importSchema({ kind: "proto", text: two, rootType: "Nope" })).toThrow(
      /; choose from shop\.Order, shop\.Order\.Line, shop\.Item$/,
    );
    expect(() => importSchema({ kind: "proto", text: "message {", rootType: "Nope" })).toThrow(
      /^\.proto does not parse: /,
    );
  });

  it("picks the named message and names the choices when it does not exist", () => {
    expect(importSchema({ kind: "proto", text: two, rootType: "Item" }).root).toMatchObject({ name: "Item" });
    expect(() => importSchema({ kind: "proto", text: two, rootType: "Nope" })).toThrow(
      ".proto has no message named Nope; choose from shop.Order, shop.Order.Line, shop.Item",
    );
    // A dotted path that is not the full name is not a name importProto accepts, so it is listed too.
    expect(() => importSchema({ kind: "proto", text: two, rootType: "Order.Line" })).toThrow(
      /choose from shop\.Order,/,
    );
  });

  it("refuses a root for a schema with a single root (JSON Schema, .avsc)", () => {
    expect(() => importSchema({ kind: "avsc", text: "{}", rootType: "Item" })).toThrow(
      "a root message can only be chosen in a .proto, .thrift, .fbs or .capnp schema",
    );
    expect(() => importSchema({ kind: "jsonschema", text: "{}", rootType: "Item" })).toThrow(
      "a root message can only be chosen in a .proto, .thrift, .fbs or .capnp schema",
    );
  });
});

describe("importSchema size limits", () => {
  it("refuses a shared-type bomb naming the limit, and the caller's name for it", async () => {
    const { refBombSchema } = await import("./hostile/hostile-inputs.ts");
    const bomb = { kind: "jsonschema" as const, text: refBombSchema(8, 6) };
    expect(() => importSchema(bomb)).toThrow(
      /expands to 262,144 fields .* limit of 100,000 \(maxSchemaLeaves\)/,
    );
    expect(() =>
      loadDataset({
        text: "{}",
        schema: bomb,
        schemaLimits: { limits: { maxSchemaLeaves: 1000 }, settingNames: { leaves: "MY_SETTING" } },
      }),
    ).toThrow(/limit of 1,000 \(MY_SETTING\)/);
    expect(importSchema(bomb, { limits: { maxSchemaLeaves: 300_000 } }).name).toBe("Bomb");
  });
});

describe("a schema kind read by its compiler", () => {
  const thrift = { kind: "thrift" as const, text: "struct S { 1: i32 a }" };

  it("needs the compilers passed in: this package runs none", () => {
    expect(() => importSchema(thrift)).toThrow(
      "importing a .thrift schema runs its compiler: pass IdlCompilers",
    );
    const verdict = checkRunInput({
      schema: thrift,
      sampleFormat: "json",
      count: 1,
      limits: {
        maxDepth: 64,
        maxKeys: 100,
        maxTotalKeys: 1000,
        maxTotalObjects: 1000,
        schema: defaultSchemaLimits,
        maxSyntheticValues: 1000,
      },
      settingNames: { leaves: "L", types: "T", syntheticValues: "S" },
    });
    expect(verdict).toEqual({
      ok: false,
      message: "schema: importing a .thrift schema runs its compiler: pass IdlCompilers",
    });
  });
});
