import { type DataValue, emitProto, type IrSchema } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { IdlValueMapper } from "../../src/schema-bridge/idl-value.ts";

const schema: IrSchema = {
  irVersion: 1,
  name: "Stamp",
  source: "json",
  root: {
    kind: "record",
    name: "Stamp",
    fields: [{ name: "at", number: 1, optional: false, type: { kind: "timestamp" } }],
  },
};

/** A mapper over the emitted .proto; toLeaf records what the library would be handed. */
function mapper() {
  const emitted = emitProto(schema);
  const leaves: [unknown, string][] = [];
  const m = new IdlValueMapper(emitted, {
    toLeaf: (v, t) => {
      leaves.push([v, t.kind]);
      return v;
    },
  });
  const to = (v: DataValue) => m.toIdl(schema.root, emitted.ir.root, { at: v }) as { at: unknown };
  const from = (v: unknown) => m.fromIdl(schema.root, emitted.ir.root, v === undefined ? {} : { at: v });
  return { to, from, leaves };
}

describe("IdlValueMapper timestamps", () => {
  it("hand libraries epoch milliseconds as an int64 leaf, whatever shape the sample used", () => {
    const m = mapper();
    expect(m.to("2024-01-02T03:04:05.678Z").at).toBe(Date.UTC(2024, 0, 2, 3, 4, 5, 678));
    expect(m.to(-1).at).toBe(-1);
    expect(m.to(2n ** 60n).at).toBe(2n ** 60n);
    expect(m.leaves.map(([, kind]) => kind)).toEqual(["int64", "int64", "int64"]);
  });

  it("read ISO text back as ISO text, without a fraction when the sample had none", () => {
    const m = mapper();
    m.to("2024-01-02T03:04:05Z");
    expect(m.from(Date.UTC(2024, 0, 2, 3, 4, 5))).toEqual({ at: "2024-01-02T03:04:05Z" });
    // A bigint (how protobufjs and avsc return int64) and a fraction the sample shape did not have.
    expect(m.from(BigInt(Date.UTC(2024, 0, 2, 3, 4, 5, 6)))).toEqual({ at: "2024-01-02T03:04:05.006Z" });
    // proto3 leaves a zero int64 off the wire: absence is the epoch, in the sample's shape.
    expect(m.from(undefined)).toEqual({ at: "1970-01-01T00:00:00Z" });
  });

  it("read epoch numbers back as numbers, and absence as 0", () => {
    const m = mapper();
    m.to(1704164645123);
    expect(m.from(1704164645123n)).toEqual({ at: 1704164645123 });
    expect(m.from(undefined)).toEqual({ at: 0 });
  });

  it("use the first sample's shape for the whole field: mixed shapes cannot all come back", () => {
    const m = mapper();
    m.to(5);
    m.to("1970-01-01T00:00:00.005Z");
    expect(m.from(5)).toEqual({ at: 5 });
  });

  it("refuse text that is not a date", () => {
    expect(() => mapper().to("soon")).toThrow('/at: "soon" is not an ISO-8601 timestamp');
    // Date.parse reads Twitter's created_at; a timestamp field must not silently accept it.
    expect(() => mapper().to("Wed Aug 27 13:08:45 +0000 2014")).toThrow("is not an ISO-8601 timestamp");
    expect(() => mapper().to(1.5)).toThrow("/at: a timestamp must be ISO-8601 text or epoch milliseconds");
  });
});
