import { type Dataset, emitFbs, type IrType } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { prepareFlatbuffers } from "../../src/adapters/flatbuffers.ts";
import { compareDatasets } from "../../src/fidelity/compare-values.ts";

const nullable = (type: IrType): IrType => ({ kind: "nullable", type });
const color: IrType = { kind: "enum", name: "Color", symbols: ["RED", "GREEN"] };

const dataset = (messages: Dataset["messages"]): Dataset => ({
  schema: {
    irVersion: 1,
    name: "Flags",
    source: "json",
    root: {
      kind: "record",
      name: "Flags",
      fields: [
        { name: "sensitive", number: 1, optional: false, type: nullable({ kind: "bool" }) },
        { name: "zone", number: 2, optional: false, type: nullable(color) },
        { name: "count", number: 3, optional: false, type: nullable({ kind: "int32" }) },
        { name: "maybe", number: 4, optional: true, type: { kind: "float64" } },
        { name: "required", number: 5, optional: false, type: { kind: "bool" } },
      ],
    },
  },
  messages,
});

async function prepare(d: Dataset) {
  const emitted = emitFbs(d.schema);
  return prepareFlatbuffers(d, emitted, scratchDir("wirebench-fbs-"));
}

describe("FlatBuffers optional scalars (`= null`)", () => {
  it("keep false, 0 and the first enum symbol apart from null", async () => {
    const d = dataset([
      { sensitive: false, zone: "RED", count: 0, maybe: 0, required: false },
      { sensitive: null, zone: null, count: null, required: true },
      { sensitive: true, zone: "GREEN", count: -1, maybe: 2.5, required: false },
    ]);
    // The emitter must declare these fields `= null`, or nothing here exercises the fix.
    expect(emitFbs(d.schema).text.match(/= null/g)).toHaveLength(4);
    const codec = await prepare(d);
    const decoded = codec.inputs.map((m) => codec.toPlain?.(codec.decode(codec.encode(m))));
    expect(compareDatasets(d.messages, decoded, d.schema.root)).toEqual({
      exact: true,
      issues: [],
      issueCount: 0,
      lossyCount: 0,
    });
  });

  it("still leave a required scalar equal to its default off the wire", async () => {
    // Forcing defaults for the whole build would write `required: false` too (and null offsets).
    const d = dataset([
      { sensitive: null, zone: null, count: null, required: false },
      { sensitive: null, zone: null, count: null, required: true },
    ]);
    const codec = await prepare(d);
    const [absent, present] = codec.inputs.map((m) => codec.encode(m).byteLength) as [number, number];
    expect(absent).toBeLessThan(present);
  });
});
