import { describe, expect, it } from "vitest";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { importProto, SchemaImportError } from "../src/import/import-proto.ts";

const error = (fn: () => unknown): Error => {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected the import to be refused");
};

// The IR is plain data (stored and sent as JSON), so a type containing itself is refused by name.
describe("recursive schemas are refused with the type and the path back to it", () => {
  it.each([
    [
      "proto, self-reference",
      () => importProto('syntax = "proto3"; message Node { Node left = 1; int32 v = 2; }'),
      "Node",
      "Node.left",
    ],
    [
      "proto, through another message and a list",
      () =>
        importProto(
          'syntax = "proto3"; message Doc { Tree tree = 1; } message Tree { repeated Branch kids = 1; } message Branch { Tree tree = 1; }',
        ),
      "Tree",
      "Tree.kids → Branch.tree",
    ],
    [
      "JSON Schema, a $ref to itself",
      () =>
        importJsonSchema(
          JSON.stringify({
            $ref: "#/$defs/Node",
            $defs: {
              Node: {
                type: "object",
                properties: { v: { type: "integer" }, left: { $ref: "#/$defs/Node" } },
              },
            },
          }),
        ),
      "Node",
      "Node.left",
    ],
    [
      "JSON Schema, mutual $refs",
      () =>
        importJsonSchema(
          JSON.stringify({
            type: "object",
            properties: { root: { $ref: "#/definitions/A" } },
            definitions: {
              A: {
                type: "object",
                properties: { bs: { type: "array", items: { $ref: "#/definitions/B" } } },
              },
              B: {
                type: "object",
                properties: { a: { anyOf: [{ type: "null" }, { $ref: "#/definitions/A" }] } },
              },
            },
          }),
        ),
      "A",
      "A.bs → B.a",
    ],
    [
      "avsc, a linked list",
      () =>
        importAvsc(
          JSON.stringify({
            type: "record",
            name: "Node",
            namespace: "x",
            fields: [
              { name: "v", type: "int" },
              { name: "next", type: ["null", "Node"] },
            ],
          }),
        ),
      "Node",
      "Node.next",
    ],
  ])("%s", (_name, fn, type, path) => {
    const err = error(fn);
    expect(err).toBeInstanceOf(SchemaImportError);
    expect(err.message).toBe(
      `recursive type ${type} is not supported: ${path} refers back to ${type} (Wirebench's schema IR cannot hold a type that contains itself)`,
    );
  });

  it("a type used twice without a cycle is fine and stays JSON-serialisable", () => {
    const ir = importProto(
      'syntax = "proto3"; message P { int32 x = 1; } message Line { P a = 1; P b = 2; }',
    );
    expect(JSON.parse(JSON.stringify(ir))).toEqual(ir);
    const js = importJsonSchema(
      JSON.stringify({
        type: "object",
        properties: { a: { $ref: "#/$defs/P" }, b: { $ref: "#/$defs/P" } },
        $defs: { P: { type: "object", properties: { x: { type: "integer" } } } },
      }),
    );
    expect(JSON.parse(JSON.stringify(js))).toEqual(js);
  });

  it.each([
    ["JSON Schema", () => importJsonSchema(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)],
    ["avsc", () => importAvsc(`${"[".repeat(10_000)}${"]".repeat(10_000)}`)],
  ])("%s nested 10,000 levels deep is refused by the depth limit, not a stack overflow", (_n, fn) => {
    const err = error(fn);
    expect(err).toBeInstanceOf(SchemaImportError);
    expect(err.message).toMatch(/nesting deeper than 256 levels .*\(limit maxDepth\)/);
  });
});
