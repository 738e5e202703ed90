import { conformToSchema, type Dataset, emitProto, parseJsonLossless } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { prepareProtobuf } from "../../src/adapters/protobuf.ts";
import { compareDatasets } from "../../src/fidelity/compare-values.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

const work = () => scratchDir("wirebench-proto-");

function roundTrip(dataset: Dataset, json: boolean) {
  const codec = prepareProtobuf(dataset, emitProto(dataset.schema), work(), json);
  const decoded = codec.inputs.map((m) => codec.toPlain?.(codec.decode(codec.encode(m))));
  return { codec, fidelity: compareDatasets(dataset.messages, decoded, dataset.schema.root) };
}

describe("protobuf adapter on the every-type fixture", () => {
  it.each([false, true])("round-trips exactly (json=%s)", (json) => {
    expect(roundTrip(everyTypeDataset, json).fidelity).toEqual({
      exact: true,
      issues: [],
      issueCount: 0,
      lossyCount: 0,
    });
  });

  it("names float32 rounding when a float field holds a value float32 cannot carry", () => {
    const first = everyTypeDataset.messages[0] as Record<string, unknown>;
    const d = { ...everyTypeDataset, messages: [{ ...first, ratio: 0.1 }] } as Dataset;
    const { fidelity } = roundTrip(d, false);
    expect(fidelity.issues).toEqual([
      {
        path: "/ratio",
        kind: "float32-rounding",
        severity: "lossy",
        detail: `0.1 read back as float32 ${Math.fround(0.1)}`,
      },
    ]);
  });

  it("writes canonical JSON names, int64 as strings and enum names in the JSON variant", () => {
    const { codec } = roundTrip(everyTypeDataset, true);
    const text = Buffer.from(codec.encode(codec.inputs[0])).toString("utf8");
    expect(text).toContain('"big":"505874924095815681"');
    expect(text).toContain('"userName":"ann"');
    expect(text).toContain('"color":"COLOR_GREEN"');
  });
});

describe("protobuf JSON names follow protoc's json_name rule", () => {
  // protoc upper-cases whatever follows an underscore, digits included: `f_1st` → `f1st`; the old
  // camelCase rule only joined `_` + lowercase letter and wrote `f_1st` and `x_2Y` for `x_2_y`.
  const d: Dataset = {
    schema: {
      irVersion: 1,
      name: "Names",
      source: "proto",
      root: {
        kind: "record",
        name: "Names",
        fields: [
          { name: "f_1st", number: 1, optional: false, type: { kind: "int32" } },
          { name: "x_2_y", number: 2, optional: false, type: { kind: "string" } },
          { name: "last_updated", number: 3, optional: false, type: { kind: "int64" } },
        ],
      },
    },
    messages: [{ f_1st: 7, x_2_y: "x", last_updated: 505874924095815681n }],
  };

  it("writes jsonName keys and reads them back exactly", () => {
    const emitted = emitProto(d.schema);
    // The emitter must keep these names as written, or this test checks something else.
    for (const name of ["f_1st", "x_2_y", "last_updated"]) expect(emitted.text).toContain(` ${name} = `);
    const codec = prepareProtobuf(d, emitted, work(), true);
    const json = JSON.parse(Buffer.from(codec.encode(codec.inputs[0])).toString("utf8"));
    expect(Object.keys(json)).toEqual(["f1st", "x2Y", "lastUpdated"]);
    const { fidelity } = roundTrip(d, true);
    expect(fidelity).toEqual({ exact: true, issues: [], issueCount: 0, lossyCount: 0 });
  });

  it("conformToSchema accepts exactly the keys the JSON variant writes", () => {
    const codec = prepareProtobuf(d, emitProto(d.schema), work(), true);
    const written = parseJsonLossless(Buffer.from(codec.encode(codec.inputs[0])).toString("utf8"));
    expect(conformToSchema(d.schema.root, written)).toEqual(d.messages[0]);
  });
});

describe("protobuf sizes worked out by hand", () => {
  // Field 1, varint: key (1 << 3 | 0) = 08; 150 = 0b1001_0110 → 96 01.
  it("field 1 = 150 encodes as 08 96 01", () => {
    const d: Dataset = {
      schema: {
        irVersion: 1,
        name: "Test1",
        source: "proto",
        root: {
          kind: "record",
          name: "Test1",
          fields: [{ name: "a", number: 1, optional: false, type: { kind: "int32" } }],
        },
      },
      messages: [{ a: 150 }],
    };
    const codec = prepareProtobuf(d, emitProto(d.schema), work(), false);
    expect(Buffer.from(codec.encode(codec.inputs[0])).toString("hex")).toBe("089601");
  });
});
