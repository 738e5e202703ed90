import { describe, expect, it } from "vitest";
import { detectInput, schemaHasRoots } from "../src/components/upload/detect-input.ts";
import { uploadInput } from "../src/components/upload/upload-input.ts";

/** A JSON Schema with neither `$schema` nor a top-level `type`: only `$ref` and `$defs`. */
const refOnly = JSON.stringify({
  $ref: "#/$defs/Item",
  $defs: { Item: { type: "object", properties: { id: { type: "integer" } } } },
});

const form = {
  text: "",
  sampleFormat: "json" as const,
  schema: null,
  rootType: "",
  selected: new Set(["json", "protobuf"]),
  formatIds: ["json", "protobuf"],
  quick: false,
};

describe("the upload box tells a dropped file's kind", () => {
  it.each([
    ["order.proto", "proto"],
    ["order.avsc", "avsc"],
    ["tutorial.thrift", "thrift"],
    ["Monster.FBS", "fbs"],
    ["addressbook.capnp", "capnp"],
  ])("%s is a %s schema by its extension", (name, kind) => {
    expect(detectInput(name, "whatever the text")).toEqual({ type: "schema", kind });
  });

  it("keeps reading other files as samples or JSON Schema by content", () => {
    expect(detectInput("x.json", '{"a": 1}')).toEqual({ type: "sample", sampleFormat: "json" });
    expect(detectInput("x.json", '{"$schema": "x", "type": "object"}')).toEqual({
      type: "schema",
      kind: "jsonschema",
    });
    expect(detectInput("monster.fbs.json", '{"hp": 1}')).toEqual({ type: "sample", sampleFormat: "json" });
  });

  it("reads a dropped JSON Schema made only of $ref and $defs as a schema, as the CLI does", () => {
    expect(detectInput("item.json", refOnly)).toEqual({ type: "schema", kind: "jsonschema" });
  });

  it("offers a root type only for schema kinds that can hold several types", () => {
    expect(["proto", "thrift", "fbs", "capnp"].every((k) => schemaHasRoots(k as never))).toBe(true);
    expect(schemaHasRoots("avsc")).toBe(false);
    expect(schemaHasRoots("jsonschema")).toBe(false);
  });
});

describe("what the upload form sends", () => {
  it("sends a $ref-only JSON Schema pasted into the sample box as the run's schema", () => {
    expect(uploadInput({ ...form, text: refOnly })).toEqual({
      sampleText: undefined,
      sampleFormat: "json",
      schema: { kind: "jsonschema", text: refOnly },
      formats: undefined,
      options: { quick: false },
    });
  });

  it("sends a pasted sample as the sample, with a dropped schema and its root", () => {
    const sent = uploadInput({
      ...form,
      text: '{"id": 1}',
      schema: { kind: "proto", text: "message Item { int32 id = 1; }" },
      rootType: " Item ",
      selected: new Set(["protobuf"]),
    });
    expect(sent.sampleText).toBe('{"id": 1}');
    expect(sent.schema).toEqual({ kind: "proto", text: "message Item { int32 id = 1; }", rootType: "Item" });
    expect(sent.formats).toEqual(["protobuf"]);
  });

  it("leaves NDJSON text as a sample even when a line is a schema", () => {
    const sent = uploadInput({ ...form, text: refOnly, sampleFormat: "ndjson" });
    expect(sent.sampleText).toBe(refOnly);
    expect(sent.schema).toBeUndefined();
  });
});
