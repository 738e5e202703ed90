import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { emitAvsc } from "../src/emit/emit-avsc.ts";
import { emitThrift } from "../src/emit/emit-thrift.ts";
import { decodeIr, encodeIr, type StoredIr } from "../src/encode/ir-refs.ts";
import { importJsonSchema } from "../src/import/import-json-schema.ts";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { IrSchema, RecordType } from "../src/ir.ts";
import { refBombSchema } from "./hostile/hostile-inputs.ts";

describe("stored IR with shared types by reference", () => {
  it("stays proportional to the schema text for a shared-type bomb (plain JSON would be megabytes)", () => {
    for (const depth of [4, 6, 12]) {
      const text = refBombSchema(8, depth);
      const stored = JSON.stringify(encodeIr(importJsonSchema(text)));
      expect(stored.length).toBeLessThan(3 * text.length);
    }
  });

  it("decodes back to the same graph: a type used in many places is again one shared object", () => {
    const ir = importJsonSchema(refBombSchema(8, 6));
    const back = decodeIr(JSON.parse(JSON.stringify(encodeIr(ir))) as StoredIr);
    const root = back.root as RecordType;
    expect(root.fields[0]!.type).toBe(root.fields[7]!.type);
    const l1 = root.fields[0]!.type as RecordType;
    expect(l1.name).toBe("L1");
    expect(l1.fields[3]!.type).toBe((root.fields[5]!.type as RecordType).fields[0]!.type);
    expect(encodeIr(back)).toEqual(encodeIr(ir));
  });

  it("round-trips an inferred IR exactly (deep equality of the decoded and the original)", () => {
    const ir = inferDataset(readCorpus("twitter.json")).schema;
    const stored = JSON.parse(JSON.stringify(encodeIr(ir))) as StoredIr;
    expect(stored.encoding).toBe("refs");
    expect(stored.root).toEqual({ $ref: ir.name });
    expect(decodeIr(stored)).toEqual(ir);
  });

  it("keeps two different types that share a name apart", () => {
    const a: RecordType = { kind: "record", name: "Item", fields: [] };
    const b: RecordType = {
      kind: "record",
      name: "Item",
      fields: [{ name: "x", number: 1, type: { kind: "bool" }, optional: false }],
    };
    const ir: IrSchema = {
      irVersion: 1,
      name: "Root",
      source: "json",
      root: {
        kind: "record",
        name: "Root",
        fields: [
          { name: "a", number: 1, type: a, optional: false },
          { name: "b", number: 2, type: { kind: "array", items: b }, optional: false },
        ],
      },
    };
    expect(decodeIr(encodeIr(ir))).toEqual(ir);
  });

  it("passes an IR stored before the encoding through, refuses a dangling reference, keeps a recursive record", () => {
    const plain = inferDataset('{"a": 1}').schema;
    expect(decodeIr(JSON.parse(JSON.stringify(plain)))).toEqual(plain);
    const base = { irVersion: 1, name: "R", source: "json", encoding: "refs" } as const;
    expect(() => decodeIr({ ...base, types: {}, root: { $ref: "Missing" } })).toThrow(
      "stored IR refers to a type Missing it does not define",
    );
    const cyclic: StoredIr = {
      ...base,
      types: {
        R: {
          kind: "record",
          name: "R",
          fields: [{ name: "r", number: 1, optional: false, type: { $ref: "R" } }],
        },
      },
      root: { $ref: "R" },
    };
    // A recursive record (Avro, .proto) decodes to one object that refers to itself.
    const rec = decodeIr(cyclic).root as RecordType;
    expect(rec.fields[0]!.type).toBe(rec);
    const endless: StoredIr = {
      ...base,
      types: { L: { kind: "array", items: { $ref: "L" } } },
      root: { $ref: "L" },
    };
    expect(() => decodeIr(endless)).toThrow("stored IR type L contains itself");
  });

  it("lets the Thrift and Avro emitters note uint64 without writing the expanded IR out", () => {
    const text = refBombSchema(8, 12).replace('{"type":"integer"}', '{"type":"integer","format":"uint64"}');
    const ir = importJsonSchema(text);
    expect(emitThrift(ir).notes).toContain("uint64 is carried as i64: values above 2^63-1 do not fit");
    expect(emitAvsc(ir).notes).toContain("uint64 is carried as Avro long: values above 2^63-1 do not fit");
  });
});
