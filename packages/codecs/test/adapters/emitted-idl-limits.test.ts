import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SchemaKind } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

/** Constructs an emitted IDL cannot write as the IR has them: each checked against hand-worked bytes or flatc. */
async function measure(kind: SchemaKind, schema: string, sample: unknown, formats: string[]) {
  const dataset = loadDataset({ text: JSON.stringify(sample), schema: { kind, text: schema } });
  const r = await runComparison(dataset, { verifyOnly: true, formats });
  return r.formats as FormatResult[];
}

const hexOf = (f: FormatResult) => Buffer.from(f.firstMessage?.base64 ?? "", "base64").toString("hex");

describe("field numbers beyond Thrift's 16-bit field ids", () => {
  const proto = 'syntax = "proto2";\nmessage Big { optional int32 a = 456214797; optional int32 b = 1; }\n';

  it("are renumbered to the lowest free id, reported, and written as that id", async () => {
    const [binary, compact] = await measure("proto", proto, { a: -42, b: 7 }, [
      "thrift-binary",
      "thrift-compact",
    ]);
    for (const f of [binary, compact] as FormatResult[]) {
      expect(f.ok, f.error).toBe(true);
      expect(f.fidelity.lossyCount).toBe(0);
      expect(f.artifacts?.find((a) => a.kind === "schema")?.text).toMatch(
        /2: optional i32 a,\n\s+1: optional i32 b,/,
      );
      expect(f.limitations).toContainEqual({
        code: "field-id-renumbered",
        path: "Big.a",
        detail: "field number 456214797 is outside Thrift's 16-bit field ids (1..32767): written as id 2",
      });
    }
    // Binary: type i32 (08), id 0002, -42 big-endian; then id 0001, 7; stop.
    expect(hexOf(binary as FormatResult)).toBe("080002ffffffd6" + "08000100000007" + "00");
    // Compact: header 0x25 (id delta 2, i32), zigzag(-42) = 83; id 1 is a decrease, so the long form
    // 0x05 + zigzag varint id 02; zigzag(7) = 0e; stop.
    expect(hexOf(compact as FormatResult)).toBe("2553" + "05020e" + "00");
  });
});

describe("a list of a struct inside that struct (recursive) in Thrift", () => {
  const avsc = JSON.stringify({
    type: "record",
    name: "Node",
    fields: [
      { name: "v", type: "int" },
      { name: "kids", type: { type: "array", items: "Node" } },
    ],
  });
  const tree = {
    v: 1,
    kids: [
      { v: 2, kids: [] },
      { v: 3, kids: [{ v: 4, kids: [] }] },
    ],
  };

  it("writes every nested struct: compact bytes worked out by hand", async () => {
    const [compact] = await measure("avsc", avsc, tree, ["thrift-compact"]);
    expect(compact?.ok, compact?.error).toBe(true);
    expect(compact?.fidelity.lossyCount).toBe(0);
    // v: 15 + zigzag; kids: 19, list header (size << 4 | 0c struct); each struct ends with 00.
    const leaf = (v: string) => `15${v}190c00`;
    expect(hexOf(compact as FormatResult)).toBe(`1502192c${leaf("04")}1506191c${leaf("08")}0000`);
  });
});

describe("a list of bytes in FlatBuffers (no vector of vectors)", () => {
  const proto = 'syntax = "proto3";\nmessage Blobs { repeated bytes items = 1; int32 n = 2; }\n';

  it("wraps each item in a table, and flatc reads our buffer back to the same bytes", async () => {
    const sample = { items: ["AAEC", "", "/w=="], n: 5 };
    const [f] = await measure("proto", proto, sample, ["flatbuffers"]);
    expect(f?.ok, f?.error).toBe(true);
    expect(f?.fidelity.lossyCount).toBe(0);
    const schema = f?.artifacts?.find((a) => a.kind === "schema")?.text as string;
    expect(schema).toMatch(/table BlobsItemsList \{\n\s+items:\[ubyte\] \(id: 0\);/);
    expect(schema).toMatch(/items:\[BlobsItemsList\] \(id: 0\);/);
    expect(f?.limitations?.map((l) => l.code)).toContain("nested-list-wrapped");
    const dir = scratchDir("wirebench-fbs-bytes-");
    writeFileSync(join(dir, "s.fbs"), schema);
    writeFileSync(join(dir, "m.bin"), Buffer.from(f?.firstMessage?.base64 as string, "base64"));
    execFileSync("flatc", [
      "--json",
      "--strict-json",
      "--raw-binary",
      "-o",
      dir,
      join(dir, "s.fbs"),
      "--",
      join(dir, "m.bin"),
    ]);
    // base64 AAEC = 00 01 02, "" = no bytes (flatc's object API writes an empty vector), /w== = ff.
    expect(JSON.parse(readFileSync(join(dir, "m.json"), "utf8"))).toEqual({
      items: [{ items: [0, 1, 2] }, { items: [] }, { items: [255] }],
      n: 5,
    });
  });
});

describe("a field the message leaves out, in Avro (every record field is written)", () => {
  it("is still refused with the user's own .avsc, where the field has no default", async () => {
    const avsc = JSON.stringify({
      type: "record",
      name: "M",
      fields: [
        { name: "a", type: "int" },
        { name: "b", type: "long" },
      ],
    });
    const [f] = await measure("avsc", avsc, { a: 1 }, ["avro"]);
    expect(f?.ok).toBe(false);
    expect(f?.error).toMatch(/does not fit the \.avsc at b/);
  });
});
