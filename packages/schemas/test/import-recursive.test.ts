import { describe, expect, it } from "vitest";
import { importAvsc } from "../src/import/import-avsc.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { importProto, SchemaImportError } from "../src/import/import-proto.ts";
import type { RecordType } from "../src/ir.ts";
import { measureSchema } from "../src/measure/schema-size.ts";
import { synthesisCost, synthesize } from "../src/synthesize/synthesize.ts";

const error = (fn: () => unknown): Error => {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected the import to be refused");
};

// A .proto message or Avro record may contain itself: the IR holds the cycle (one object that refers
// to itself; stored by reference). So may a JSON Schema object reached again through $ref (or "#").
describe("recursive .proto and .avsc types are imported as cycles", () => {
  it("proto: a message that refers to itself, directly and through another message and a list", () => {
    const ir = importProto('syntax = "proto3"; message Node { Node left = 1; int32 v = 2; }');
    const node = ir.root as RecordType;
    expect(node.fields[0]).toMatchObject({ name: "left", optional: true });
    expect(node.fields[0]!.type).toBe(node);
    const doc = importProto(
      'syntax = "proto3"; message Doc { Tree tree = 1; } message Tree { repeated Branch kids = 1; } message Branch { Tree tree = 1; }',
    );
    const tree = (doc.root as RecordType).fields[0]!.type as RecordType;
    const branch = (tree.fields[0]!.type as { items: RecordType }).items;
    expect(branch.fields[0]!.type).toBe(tree);
    // The size limits count the recursion point once instead of recursing forever.
    expect(measureSchema(node)).toMatchObject({ leaves: 2, types: 1 });
  });

  it("avsc: a linked list through a nullable field", () => {
    const ir = importAvsc(
      JSON.stringify({
        type: "record",
        name: "Node",
        namespace: "x",
        fields: [
          { name: "v", type: "int" },
          { name: "next", type: ["null", "Node"] },
        ],
      }),
    );
    const node = ir.root as RecordType;
    expect(node.fields[1]!.type).toEqual({ kind: "nullable", type: node });
    expect((node.fields[1]!.type as { type: unknown }).type).toBe(node);
  });
});

describe("synthetic data of a recursive type", () => {
  it("ends: past the filled depth nullable, optional and list fields stop the recursion", () => {
    const ir = importProto(
      'syntax = "proto3"; message Node { Node left = 1; int32 v = 2; repeated Node kids = 3; }',
    );
    const depth = (v: unknown): number =>
      v && typeof v === "object" && "left" in v ? 1 + depth((v as { left: unknown }).left) : 0;
    const messages = synthesize(ir, { count: 20, absentShare: 0 });
    expect(messages).toHaveLength(20);
    expect(Math.max(...messages.map(depth))).toBeLessThanOrEqual(10);
    expect(synthesisCost(ir, { count: 20 })).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it("a required field that leads back to its record has no finite value: refused by name", () => {
    const ir = importAvsc(
      JSON.stringify({ type: "record", name: "Bad", fields: [{ name: "me", type: "Bad" }] }),
    );
    expect(() => synthesize(ir, { count: 1 })).toThrow(/cannot end: a required field of a recursive type/);
    expect(synthesisCost(ir, { count: 1 })).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("JSON Schema $ref cycles", () => {
  it("a $ref back to an object schema is a recursive record, directly or through another", () => {
    const self = importJsonSchema(
      JSON.stringify({
        $ref: "#/$defs/Node",
        $defs: {
          Node: { type: "object", properties: { v: { type: "integer" }, left: { $ref: "#/$defs/Node" } } },
        },
      }),
    );
    const node = self.root as RecordType;
    expect(node.name).toBe("Node");
    expect(node.fields[1]!.type).toBe(node);
    const mutual = importJsonSchema(
      JSON.stringify({
        type: "object",
        properties: { root: { $ref: "#/definitions/A" } },
        definitions: {
          A: { type: "object", properties: { bs: { type: "array", items: { $ref: "#/definitions/B" } } } },
          B: {
            type: "object",
            properties: { a: { anyOf: [{ type: "null" }, { $ref: "#/definitions/A" }] } },
          },
        },
      }),
    );
    const a = (mutual.root as RecordType).fields[0]!.type as RecordType;
    const b = (a.fields[0]!.type as { items: RecordType }).items;
    expect(b.fields[0]!.type).toEqual({ kind: "nullable", type: a });
    expect((b.fields[0]!.type as { type: unknown }).type).toBe(a);
  });

  it('`$ref: "#"` is the root schema itself: the root record contains itself (sourcemap-v3)', () => {
    const ir = importJsonSchema(
      JSON.stringify({
        title: "Map",
        type: "object",
        properties: {
          version: { type: "integer" },
          sections: {
            type: "array",
            items: {
              allOf: [
                { $ref: "#/definitions/section" },
                { type: "object", properties: { line: { type: "integer" } } },
              ],
            },
          },
        },
        definitions: {
          section: {
            anyOf: [
              { type: "object", properties: { url: { type: "string" } } },
              { type: "object", properties: { map: { $ref: "#" } } },
            ],
          },
        },
      }),
    );
    const root = ir.root as RecordType;
    expect(root.name).toBe("Map");
    const union = (root.fields[1]!.type as { items: { kind: string; variants: RecordType[] } }).items;
    expect(union.kind).toBe("union");
    // The properties beside the anyOf (allOf's second branch) hold in every branch.
    expect(union.variants.map((v) => v.fields.map((f) => f.name))).toEqual([
      ["line", "url"],
      ["line", "map"],
    ]);
    expect(union.variants[1]!.fields[1]!.type).toBe(root);
    expect(measureSchema(root)).toMatchObject({ leaves: 5, types: 4 });
  });

  it('a $ref other than "#" or "#/…" is still refused by name', () => {
    const err = error(() =>
      importJsonSchema(JSON.stringify({ type: "object", properties: { a: { $ref: "#foo" } } })),
    );
    expect(err).toBeInstanceOf(SchemaImportError);
    expect(err.message).toMatch(/unsupported \$ref #foo/);
  });

  it("a $ref cycle with no object in it (a list of itself) has no type: refused by name", () => {
    const err = error(() =>
      importJsonSchema(
        JSON.stringify({
          type: "object",
          properties: { l: { $ref: "#/$defs/L" } },
          $defs: { L: { type: "array", items: { $ref: "#/$defs/L" } } },
        }),
      ),
    );
    expect(err).toBeInstanceOf(SchemaImportError);
    expect(err.message).toMatch(/^recursive type L is not supported/);
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
