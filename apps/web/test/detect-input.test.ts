import { describe, expect, it } from "vitest";
import { detectInput, schemaHasRoots } from "../src/components/upload/detect-input.ts";

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

  it("offers a root type only for schema kinds that can hold several types", () => {
    expect(["proto", "thrift", "fbs", "capnp"].every((k) => schemaHasRoots(k as never))).toBe(true);
    expect(schemaHasRoots("avsc")).toBe(false);
    expect(schemaHasRoots("jsonschema")).toBe(false);
  });
});
