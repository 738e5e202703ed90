import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  detectInput,
  extensionOf,
  looksLikeJsonSchema,
  schemaAsSampleProblem,
  schemaHasRoots,
  schemaKindOf,
} from "../src/detect/index.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";

/** A JSON Schema with neither `$schema` nor a top-level `type`: only `$ref` and `$defs`. */
const refOnly = JSON.stringify({
  $ref: "#/$defs/Order",
  $defs: {
    Order: {
      type: "object",
      properties: { id: { type: "integer" }, lines: { type: "array", items: { $ref: "#/$defs/Line" } } },
    },
    Line: { type: "object", properties: { sku: { type: "string" } } },
  },
});

describe("detectInput", () => {
  it.each([
    ["order.proto", "proto"],
    ["order.avsc", "avsc"],
    ["tutorial.thrift", "thrift"],
    ["Monster.FBS", "fbs"],
    ["dir.v2/addressbook.capnp", "capnp"],
  ])("%s is a %s schema by its extension", (name, kind) => {
    expect(detectInput(name, "whatever the text")).toEqual({ type: "schema", kind });
  });

  it("reads a JSON Schema made only of $ref and $defs as a schema, and the importer agrees", () => {
    expect(detectInput("order.json", refOnly)).toEqual({ type: "schema", kind: "jsonschema" });
    expect(detectInput("", refOnly)).toEqual({ type: "schema", kind: "jsonschema" });
    expect(importJsonSchema(refOnly).root).toMatchObject({ kind: "record", name: "Order" });
  });

  it.each([
    ['{"$schema": "https://json-schema.org/draft/2020-12/schema"}'],
    ['{"type": "object", "properties": {"a": {"type": "string"}}}'],
    ['{"definitions": {"A": {"type": "string"}}, "$ref": "#/definitions/A"}'],
    ['{"definitions": {"A": {"enum": [1, 2]}}}'],
  ])("reads %s as a JSON Schema", (text) => {
    expect(detectInput("x.json", text)).toEqual({ type: "schema", kind: "jsonschema" });
  });

  it.each([
    ['{"a": 1}'],
    ['[{"$ref": "#/x"}]'],
    ['{"$ref": 5, "$defs": 3}'],
    ['{"type": "object", "name": "not a schema"}'],
    ['{"definitions": {"word": "a sample dictionary"}}'],
    ['{"definitions": {}}'],
    ["not json at all {"],
  ])("reads %s as a JSON sample", (text) => {
    expect(detectInput("x.json", text)).toEqual({ type: "sample", sampleFormat: "json" });
  });

  it("reads .ndjson and .jsonl as NDJSON samples, whatever their first line", () => {
    expect(detectInput("events.NDJSON", refOnly)).toEqual({ type: "sample", sampleFormat: "ndjson" });
    expect(detectInput("events.jsonl", '{"a": 1}')).toEqual({ type: "sample", sampleFormat: "ndjson" });
    expect(detectInput("monster.fbs.json", '{"hp": 1}')).toEqual({ type: "sample", sampleFormat: "json" });
  });
});

describe("a file named as a schema", () => {
  it("is an IDL by extension and JSON Schema otherwise, whatever the extension", () => {
    expect(schemaKindOf("a/b/shop.proto")).toBe("proto");
    expect(schemaKindOf("x.schema")).toBe("jsonschema");
    expect(schemaKindOf("x.json")).toBe("jsonschema");
    expect(schemaKindOf("schema")).toBe("jsonschema");
    expect(schemaKindOf(".proto")).toBe("jsonschema");
  });

  it("offers a root type only where a file can hold several types", () => {
    expect(["proto", "thrift", "fbs", "capnp"].every((k) => schemaHasRoots(k as never))).toBe(true);
    expect(schemaHasRoots("avsc")).toBe(false);
    expect(schemaHasRoots("jsonschema")).toBe(false);
  });

  it("takes extensions as node:path does, in lower case", () => {
    expect(extensionOf("C:\\data\\X.Thrift")).toBe(".thrift");
    expect(extensionOf("archive.tar.gz")).toBe(".gz");
    expect(extensionOf("README")).toBe("");
  });
});

describe("a JSON Schema sent as the sample", () => {
  it("is refused with a reason, NDJSON and data are not", () => {
    expect(schemaAsSampleProblem(refOnly, "json")).toBe("this is a JSON Schema, not data");
    expect(schemaAsSampleProblem('{"a": 1}', "json")).toBeNull();
    expect(schemaAsSampleProblem(refOnly, "ndjson")).toBeNull();
    expect(looksLikeJsonSchema(null)).toBe(false);
  });
});

describe("the detect subpath", () => {
  it("imports nothing but its own files, so the browser bundle stays small", () => {
    const dir = new URL("../src/detect/", import.meta.url);
    const files = readdirSync(dir);
    expect(files).toContain("index.ts");
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), "utf8");
      const specifiers = [...text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"/g)].map(
        (m) => m[1] ?? m[2],
      );
      for (const s of specifiers) expect(s, `${file} imports ${s}`).toMatch(/^\.\/[a-z-]+\.ts$/);
    }
  });
});
