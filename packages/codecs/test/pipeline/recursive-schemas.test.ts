import type { SchemaKind } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { avroAdapter } from "../../src/adapters/avro.ts";
import { protobufBinaryAdapter } from "../../src/adapters/protobuf.ts";
import { type Adapter, isUnsupported } from "../../src/adapters/types.ts";
import { runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

const tree = 'syntax = "proto3";\nmessage Node { Node left = 1; int32 v = 2; }\n';
const treeSample = { v: 1, left: { v: 2, left: { v: 3 } } };
const list = JSON.stringify({
  type: "record",
  name: "Node",
  fields: [
    { name: "v", type: "int" },
    { name: "next", type: ["null", "Node"] },
  ],
});
const listSample = { v: 1, next: { v: 2, next: null } };
const jsonTree = JSON.stringify({
  $ref: "#/$defs/Node",
  $defs: {
    Node: {
      type: "object",
      properties: {
        v: { type: "integer", minimum: 0, maximum: 9 },
        kids: { type: "array", items: { $ref: "#/$defs/Node" } },
      },
      required: ["v", "kids"],
    },
  },
});
const jsonTreeSample = {
  v: 1,
  kids: [
    { v: 2, kids: [] },
    { v: 3, kids: [{ v: 4, kids: [] }] },
  ],
};

// sourcemap-v3's shape: a section is a url or a whole map again (`$ref: "#"`), plus an offset.
const jsonSelf = JSON.stringify({
  type: "object",
  properties: {
    file: { type: "string" },
    sections: {
      type: "array",
      items: {
        allOf: [
          { anyOf: [{ properties: { url: { type: "string" } } }, { properties: { map: { $ref: "#" } } }] },
          { type: "object", properties: { line: { type: "integer", minimum: 0, maximum: 99 } } },
        ],
      },
    },
  },
});
const jsonSelfSample = {
  file: "a.js",
  sections: [
    { line: 0, url: "u.map" },
    { line: 10, map: { file: "b.js", sections: [{ line: 1, url: "v.map" }] } },
  ],
};

async function hex(adapter: Adapter, kind: SchemaKind, schema: string, sample: unknown) {
  const dataset = loadDataset({ text: JSON.stringify(sample), schema: { kind, text: schema } });
  const codec = await adapter.prepare(dataset, { workDir: scratchDir("recursive-") });
  if (isUnsupported(codec)) throw new Error(codec.unsupported);
  return Buffer.from(codec.encode(codec.inputs[0])).toString("hex");
}

describe("recursive schemas (a type that contains itself)", () => {
  it("a .proto tree is measured as written: bytes worked out by hand", async () => {
    // {v:3} = 10 03; {left, v:2} = 0a 02 |10 03| 10 02; root = 0a 06 |…6 bytes…| 10 01
    expect(await hex(protobufBinaryAdapter, "proto", tree, treeSample)).toBe(
      "0a06" + "0a021003" + "1002" + "1001",
    );
  });

  it("an .avsc linked list is measured as written: bytes worked out by hand", async () => {
    // v=1 → 02; next: branch 1 → 02, v=2 → 04, next: branch 0 (null) → 00
    expect(await hex(avroAdapter, "avsc", list, listSample)).toBe("02020400");
  });

  it.each([
    ["proto", tree, treeSample],
    ["avsc", list, listSample],
    ["jsonschema", jsonTree, jsonTreeSample],
    ["jsonschema", jsonSelf, jsonSelfSample],
  ] as const)(
    "every schema format round-trips the recursive %s exactly",
    async (kind, schema, sample) => {
      const dataset = loadDataset({ text: JSON.stringify(sample), schema: { kind, text: schema } });
      const formats = ["protobuf", "avro", "thrift-binary", "thrift-compact", "flatbuffers", "capnp"];
      const r = await runComparison(dataset, { verifyOnly: true, formats });
      for (const f of r.formats) {
        expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
        expect(
          f.fidelity.issues.filter((i) => i.severity !== "cosmetic"),
          f.id,
        ).toEqual([]);
      }
    },
    120_000,
  );
});
