import { readFileSync } from "node:fs";
import { emitCapnp, emitFbs, emitProto, emitThrift } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

// optional_scalars.fbs declares every FlatBuffers scalar width: the other IDLs get them emitted.
const fixture = (name: string) =>
  readFileSync(new URL(`../../../schemas/test/fixtures/idl/fbs/${name}`, import.meta.url), "utf8");
const dataset = () =>
  loadDataset({
    text: fixture("optional_scalars.json"),
    schema: { kind: "fbs", text: fixture("optional_scalars.fbs") },
  });

describe("narrow integers of an imported schema in the emitted schemas", () => {
  it("keep their width where the IDL has one and are reported where it has not", () => {
    const { schema } = dataset();
    expect(emitThrift(schema).text).toMatch(
      /\d+: i8 just_i8,[\s\S]*\d+: i16 just_u8,[\s\S]*\d+: i16 just_i16,/,
    );
    expect(emitCapnp(schema).text).toMatch(
      /justI8 @\d+ :Int8;[\s\S]*justU8 @\d+ :UInt8;[\s\S]*justU16 @\d+ :UInt16;/,
    );
    const proto = emitProto(schema);
    expect(proto.text).toMatch(/int32 just_i8 = /);
    expect(proto.limitations).toContainEqual({
      code: "narrow-int-widened",
      path: "ScalarStuff.just_i8",
      detail: "int8 in the imported schema: Protobuf writes it as int32",
    });
    // Round trip through FlatBuffers' own emitter is covered by the as-written tests; here its text.
    expect(emitFbs(schema).text).toMatch(/just_i8:byte[\s\S]*just_u16:ushort/);
  });

  it("round-trip through the Thrift and Cap'n Proto code generated for them", async () => {
    const formats = ["thrift-binary", "thrift-compact", "capnp", "avro", "protobuf"];
    const r = await runComparison(dataset(), { verifyOnly: true, formats });
    for (const f of r.formats as FormatResult[]) {
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      // uint64 max does not fit Avro's long or Thrift's i64; nothing else may change.
      const lossy = f.fidelity.issues.filter((i) => i.severity === "lossy" && i.path !== "/just_u64");
      expect(lossy, f.id as string).toEqual([]);
    }
  });
});
