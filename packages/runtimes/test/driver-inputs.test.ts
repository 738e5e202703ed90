import { readFileSync } from "node:fs";
import { compareDatasets } from "@wirebench/codecs";
import { loadDataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { parseLossless, shapeInput, stringifyLossless } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

const scratch = () => scratchDir("wb-inputs-");

// 64-bit ids beyond 2^53, bytes and a union: what a double-based JSON path would break.
const avsc = JSON.stringify({
  type: "record",
  name: "Event",
  namespace: "t",
  fields: [
    { name: "id", type: "long" },
    { name: "blob", type: "bytes" },
    { name: "note", type: ["null", "string"], default: null },
  ],
});
const events = loadDataset({
  text: '[{"id": 9007199254740993, "blob": "AP8=", "note": "x"}, {"id": -9223372036854775808, "blob": "", "note": null}]',
  sampleFormat: "json",
  schema: { kind: "avsc", text: avsc },
});

describe("input shapes", () => {
  it("lossless JSON keeps 64-bit integers and bytes", () => {
    const value = { id: 2n ** 63n - 1n, small: -3, f: 0.1, bytes: new Uint8Array([0, 255]), s: 'q"\u2028' };
    const text = stringifyLossless([value]);
    expect(text).toContain("9223372036854775807");
    expect(text).toContain('{"$bytes":"AP8="}');
    expect(parseLossless(text)).toEqual([value]);
    expect(() => stringifyLossless({ x: Number.NaN })).toThrow(/x: NaN has no JSON spelling/);
  });

  it("avrojson: Avro's JSON encoding, longs exact, unions wrapped, read back exactly", async () => {
    const input = await shapeInput(events, "avrojson", scratch());
    const text = readFileSync(input.file, "utf8");
    expect(text).toContain('"id":9007199254740993');
    expect(text).toContain('"id":-9223372036854775808');
    expect(text).toContain('"note":{"string":"x"}');
    expect(text).toContain('"blob":"\\u0000ÿ"');
    expect(input.schema).toMatchObject({ idl: "avsc", rootType: "t.Event" });
    expect(readFileSync(input.schema?.file as string, "utf8")).toBe(avsc);
    const back = input.toPlain(parseLossless(text) as never[]);
    expect(compareDatasets(events.messages, back, events.schema.root)).toMatchObject({
      exact: true,
      issues: [],
    });
    expect((back[1] as { id: bigint }).id).toBe(-(2n ** 63n));
  });

  it("protojson: protobufjs's canonical mapping of the .proto as written", async () => {
    const book = addressBook();
    const input = await shapeInput(book, "protojson", scratch());
    const json = JSON.parse(readFileSync(input.file, "utf8")) as { people: Record<string, unknown>[] }[];
    expect(json[0]?.people[0]).toEqual({
      name: "Alice Example",
      id: "5b0e1c2a-8f3d-4e6b-9a7c-2d1f0e3b4a5c",
      email: "alice@example.com",
      // MOBILE is the enum's zero: canonical ProtoJSON leaves it out.
      phones: [{ number: "555-4321", type: "HOME" }, { number: "555-8765" }],
      lastUpdated: "2021-05-03T10:15:30Z",
    });
    expect(input.schema).toMatchObject({ idl: "proto", rootType: "wirebench.models.go.AddressBook" });
    expect(readFileSync(input.schema?.file as string, "utf8")).toContain("package wirebench.models.go;");
    // A child that spells proto3 defaults out gives the same values as one that leaves them out.
    const withDefaults = structuredClone(json) as { people: Record<string, unknown>[] }[];
    Object.assign(withDefaults[1]?.people[0] ?? {}, { email: "", phones: [] });
    expect(input.toPlain(withDefaults as never[])).toEqual(input.toPlain(json as never[]));
  });

  it("data: the messages themselves", async () => {
    const input = await shapeInput(events, "data", scratch());
    expect(parseLossless(readFileSync(input.file, "utf8"))).toEqual(events.messages);
  });
});
