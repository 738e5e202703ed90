import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import type { IrType, RecordType } from "../src/ir.ts";

const field = (r: IrType, name: string) => {
  if (r.kind !== "record") throw new Error(`not a record: ${r.kind}`);
  const f = r.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};
const unwrap = (t: IrType): IrType => (t.kind === "nullable" ? t.type : t);

describe("inference on the corpus", () => {
  it("twitter.json: status id is int64 and its exact value survives into the data", () => {
    const d = inferDataset(readCorpus("twitter.json"));
    const statuses = field(d.schema.root, "statuses").type;
    const status = (statuses as { items: RecordType }).items;
    expect(field(status, "id").type).toEqual({ kind: "int64" });
    const first = (d.messages[0] as { statuses: { id: bigint; id_str: string }[] }).statuses[0]!;
    // The file writes this id as 505874924095815700 (its id_str says …681: it went through a double
    // once already). Lossless parsing keeps the text's value; JSON.parse would make it …680.
    expect(readCorpus("twitter.json")).toContain('"id": 505874924095815700,');
    expect(first.id).toBe(505874924095815700n);
    expect(BigInt(JSON.parse('{"id": 505874924095815700}').id)).toBe(505874924095815680n);
  });

  it("citm_catalog.json: id-keyed objects become maps, not records with hundreds of fields", () => {
    const d = inferDataset(readCorpus("citm_catalog.json"));
    for (const name of [
      "events",
      "performances",
      "topicNames",
      "areaNames",
      "audienceSubCategoryNames",
      "seatCategoryNames",
      "subTopicNames",
      "topicSubTopics",
    ]) {
      const t = unwrap(field(d.schema.root, name).type);
      if (name === "performances") expect(t.kind).toBe("array");
      else expect(t.kind, name).toBe("map");
    }
  });

  it("canada.json: coordinates are nested float64 arrays, never float32", () => {
    const text = JSON.stringify(inferDataset(readCorpus("canada.json")).schema);
    expect(text).toContain('"kind":"float64"');
    expect(text).not.toContain("float32");
  });
});

describe("inference rules", () => {
  it("keeps a `__proto__` key as data, not as the prototype", () => {
    const d = inferDataset('{"__proto__": 1, "a": 2}');
    expect(Object.hasOwn(d.messages[0] as object, "__proto__")).toBe(true);
    expect((d.schema.root as RecordType).fields.map((f) => f.name)).toEqual(["__proto__", "a"]);
  });

  it("merges samples: missing somewhere is optional, null makes nullable, int+float is float64", () => {
    const d = inferDataset('[{"a": 1, "b": "x", "c": 1}, {"a": 2, "c": 2.5}, {"a": 3, "b": null, "c": 3}]');
    const root = d.schema.root;
    expect(field(root, "a")).toMatchObject({ optional: false, type: { kind: "int32" } });
    expect(field(root, "b")).toMatchObject({
      optional: true,
      type: { kind: "nullable", type: { kind: "string" } },
    });
    expect(field(root, "c").type).toEqual({ kind: "float64" });
    expect(d.messages).toHaveLength(3);
  });

  it("decides integer vs float from the source text: 1.0 is a float", () => {
    expect(field(inferDataset('{"x": 1.0}').schema.root, "x").type).toEqual({ kind: "float64" });
    expect(field(inferDataset('{"x": 3000000000}').schema.root, "x").type).toEqual({ kind: "int64" });
    expect(field(inferDataset('{"x": 18446744073709551615}').schema.root, "x").type).toEqual({
      kind: "uint64",
    });
  });

  it("does not depend on the order of the samples", () => {
    const lines = [
      '{"id": 1, "kind": "a", "tags": []}',
      '{"id": 2, "kind": "b", "extra": {"z": null}, "tags": ["x"]}',
      '{"kind": "a", "id": 3, "when": "2026-01-02T03:04:05Z"}',
      '{"id": 4, "kind": "b", "extra": {"z": 1.5}}',
    ];
    const a = inferDataset(lines.join("\n"), { sampleFormat: "ndjson" }).schema;
    const b = inferDataset([...lines].reverse().join("\n"), { sampleFormat: "ndjson" }).schema;
    const c = inferDataset([lines[2], lines[0], lines[3], lines[1]].join("\n"), {
      sampleFormat: "ndjson",
    }).schema;
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it("finds enums only for few repeated identifier-like strings", () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      s: ["open", "closed"][i % 2],
      free: `text number ${i}`,
    }));
    const root = inferDataset(JSON.stringify(many)).schema.root;
    expect(field(root, "s").type).toEqual({ kind: "enum", name: "S", symbols: ["closed", "open"] });
    expect(field(root, "free").type).toEqual({ kind: "string" });
  });

  it("recognises dates but keeps them as strings", () => {
    const d = inferDataset('{"at": "2026-11-22T10:15:00Z", "day": "2026-11-22"}');
    expect(field(d.schema.root, "at").type).toEqual({ kind: "string", format: "date-time" });
    expect(field(d.schema.root, "day").type).toEqual({ kind: "string", format: "date" });
    expect((d.messages[0] as { at: string }).at).toBe("2026-11-22T10:15:00Z");
  });

  it("handles empty arrays, always-null fields and heterogeneous values with the documented fallbacks", () => {
    const root = inferDataset('[{"e": [], "n": null, "h": 1}, {"e": [], "n": null, "h": "one"}]').schema.root;
    expect(field(root, "e").type).toEqual({ kind: "array", items: { kind: "any" } });
    expect(field(root, "n").type).toEqual({ kind: "nullable", type: { kind: "any" } });
    expect(field(root, "h").type).toEqual({ kind: "any" });
  });

  it.each([
    ["", /input is empty/],
    ["42", /the top-level value is a number; give an object, an array of objects, or NDJSON records/],
    ['"text"', /the top-level value is a string/],
    ["[]", /the top-level array is empty/],
    ["[1, 2]", /item 0 of the top-level array is a number/],
  ])("explains why %j cannot be a sample", (text, message) => {
    expect(() => inferDataset(text)).toThrow(message);
  });

  it("names the NDJSON line that does not parse", () => {
    expect(() => inferDataset('{"a":1}\n{"a":\n', { sampleFormat: "ndjson" })).toThrow(
      /^line 2: invalid JSON at/,
    );
  });
});
