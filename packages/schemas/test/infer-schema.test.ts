import { createReadStream, readdirSync, readFileSync } from "node:fs";
import { type CorpusDocument, corpusDocuments, corpusPath, readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import { type InferOptions, inferSchema, inferSchemaStream } from "../src/infer/infer-schema.ts";
import type { IrSchema, RecordType } from "../src/ir.ts";
import { parseJsonLossless } from "../src/parse/parse-json-lossless.ts";
import { sliceChars } from "../src/parse/token-sink.ts";
import { rejected, thrown, wholeText } from "./json-errors.ts";

const fixtureDir = new URL("./fixtures/", import.meta.url);
const samples: [string, () => string][] = [
  ...readdirSync(fixtureDir)
    .filter((f) => f.endsWith(".json"))
    .map((f): [string, () => string] => [
      f.replace(/\.json$/, ""),
      () => readFileSync(new URL(f, fixtureDir), "utf8"),
    ]),
  ...corpusDocuments.map((d): [string, () => string] => [d.replace(/\.json$/, ""), () => readCorpus(d)]),
];

const fieldNames = (s: IrSchema) => (s.root as RecordType).fields.map((f) => f.name);
const fieldType = (s: IrSchema, name: string) =>
  (s.root as RecordType).fields.find((f) => f.name === name)?.type;

const slices = (text: string, n: number) =>
  Array.from({ length: Math.ceil(text.length / n) }, (_, i) => text.slice(i * n, (i + 1) * n));
const byteSlices = (text: string, n: number) => {
  const bytes = Buffer.from(text, "utf8");
  return Array.from({ length: Math.ceil(bytes.length / n) }, (_, i) => bytes.subarray(i * n, (i + 1) * n));
};

describe("inferSchema gives the schemas the tree-walking inference gave", () => {
  // The .ir goldens were written by inferDataset before it read samples as tokens (lossless-json's
  // tree walked by the old accumulate), so they pin today's results to that independent reading.
  it.each(samples)("%s", async (name, text) => {
    await expect(`${JSON.stringify(inferSchema(text()), null, 2)}\n`).toMatchFileSnapshot(
      `./golden/${name}.ir`,
    );
  });

  it.each(corpusDocuments.map((d) => [d]))(
    "%s streamed from its file is the same",
    async (doc: CorpusDocument) => {
      expect(await inferSchemaStream(createReadStream(corpusPath(doc), { highWaterMark: 4099 }))).toEqual(
        inferSchema(readCorpus(doc)),
      );
    },
  );

  it("inferDataset returns the same schema with the data", () => {
    const text = readCorpus("twitter.json");
    expect(inferDataset(text).schema).toEqual(inferSchema(text));
  });
});

describe("chunks may split anything", () => {
  const text = JSON.stringify([
    { id: 1, "名前😀": "é", when: "2026-11-22T10:15:00Z", f: 1.5e10, g: 1.0, deep: [[{ x: null }]] },
    { id: 2, "名前😀": "😀", when: "2026-11-23T00:00:00Z", f: -0.25, g: 2, deep: [] },
  ])
    .replace('"id":2,', '"id":9223372036854775807,')
    .replace('"g":1,', '"g":1.0,')
    .replace('"f":-0.25', '"f":-2.5e-1')
    .replace('"é"', '"\\u00e9\\ud83d\\ude00\\n\\""');
  const whole = inferSchema(text);

  it("the sample has what the chunks must not break", () => {
    expect(fieldNames(whole)).toEqual(["id", "名前😀", "when", "f", "g", "deep"]);
    expect(fieldType(whole, "id")).toEqual({ kind: "int64" });
    expect(fieldType(whole, "g")).toEqual({ kind: "float64" });
    expect(fieldType(whole, "when")).toEqual({ kind: "string", format: "date-time" });
  });

  it.each([1, 2, 3, 7])("%i-character string chunks", async (n) => {
    expect(await inferSchemaStream(slices(text, n))).toEqual(whole);
  });

  it.each([1, 2, 3, 7])("%i-byte chunks, splitting UTF-8 characters", async (n) => {
    expect(await inferSchemaStream(byteSlices(text, n))).toEqual(whole);
  });

  it("an integer beyond 2^53 split over chunks is still one int64", async () => {
    const schema = await inferSchemaStream(slices('{"id": 9223372036854775807}', 1));
    expect(fieldType(schema, "id")).toEqual({ kind: "int64" });
    const beyond = await inferSchemaStream(byteSlices('{"id": 18446744073709551616}', 5));
    expect(fieldType(beyond, "id")).toEqual({ kind: "float64" });
  });

  it("a character split where a long text is cut into slices stays whole", () => {
    const key = `${"a".repeat(sliceChars - 3)}😀`;
    expect(`{"${key}`.indexOf("😀")).toBe(sliceChars - 1);
    expect(fieldNames(inferSchema(`{"${key}": 1}`))).toEqual([key]);
  });

  it("an error past the first slice names its line and column", () => {
    const text = `{"a":\n${" ".repeat(sliceChars + 5)}😀 1}`;
    const err = thrown(() => inferSchema(text));
    expect([err.line, err.column]).toEqual([2, sliceChars + 6]);
    expect(err.message).toBe(wholeText(text).message);
  });

  it("an error found a slice after where it is reported names where it is reported", () => {
    const long = "😀".repeat(sliceChars);
    const many = "1,".repeat(sliceChars);
    for (const text of [`{"a":1 "${long}\\q"}`, `{"😀":[${many}1], "😀":[${many}2]}`])
      expect(thrown(() => inferSchema(text)).message).toBe(wholeText(text).message);
  });
});

describe("objects read as the data model reads them", () => {
  it("keys that are array indices come first, in numeric order, as JavaScript orders an object's keys", () => {
    expect(fieldNames(inferSchema('{"b": 1, "2": 2, "a": 3, "10": 4, "01": 5}'))).toEqual([
      "2",
      "10",
      "b",
      "a",
      "01",
    ]);
  });

  it("a repeated key with an equal value counts once, as lossless-json keeps it once", () => {
    const schema = inferSchema('[{"a": {"x": [1, 2.0]}, "a": {"x": [1, 2.00]}}, {"b": 1}]');
    expect((schema.root as RecordType).fields.find((f) => f.name === "a")?.optional).toBe(true);
  });

  it.each([
    '{"a": 1, "a": 2}',
    '{"a": 1, "a": 1.0}',
    '{"a": [1, 2], "a": [2, 1]}',
    '{"a": {"x": 1}, "a": {"x": 1, "y": 2}}',
    '{"o": {"a": "x"}, "p": {"a": "y", "a": "x"}}',
  ])("a repeated key with another value is refused as lossless-json refuses it: %s", (text) => {
    expect(thrown(() => inferSchema(text)).message).toBe(wholeText(text).message);
  });

  it.each([
    '{"a": {"x": 1, "y": 2}, "a": {"y": 2, "x": 1}}',
    '{"a": [1], "a": {"0": 1}}',
    '{"a": [], "a": {}}',
    '{"a": 1.5, "a": 15e-1}',
  ])("equal as lossless-json compares them: %s", (text) => {
    expect(() => parseJsonLossless(text)).not.toThrow();
    expect(() => inferSchema(text)).not.toThrow();
  });
});

describe("NDJSON", () => {
  const nd: InferOptions = { sampleFormat: "ndjson" };
  // What inferDataset did with each line before it read tokens: parse it alone, prefix its number.
  const perLine = (text: string): string => {
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.trim()) continue;
      try {
        parseJsonLossless(lines[i]!);
      } catch (e) {
        return `line ${i + 1}: ${(e as Error).message.replace(/ at line 1,/, " at")}`;
      }
    }
    return "no error";
  };

  it("merges every line, skipping blank ones; only object lines have fields", () => {
    const schema = inferSchema('{"a": 1}\r\n\n  \n\u00a0\n{"a": 2, "b": true}\n[{"c": 1}]\n7', nd);
    expect((schema.root as RecordType).fields).toEqual([
      { name: "a", number: 1, type: { kind: "int32" }, optional: false },
      { name: "b", number: 2, type: { kind: "bool" }, optional: true },
    ]);
    expect(schema.source).toBe("ndjson");
  });

  it.each([
    '{"a":1}\n{"a":\n',
    '{"a":1}\n{"a":1} {"a":2}\n',
    '{"a":1}\n\n[1,\n',
    '{"a":"x\n"}',
    '{"a":1.\n',
    '{"a":tru\n',
    '{"a":1}\n \u00a0 {"a":2}',
    '{"a":1}\n{"a":1,"a":2}',
  ])("names the line that does not parse, and the column in it: %j", (text) => {
    const err = thrown(() => inferSchema(text, nd));
    expect(err.message).toBe(perLine(text));
    expect(err.message).toMatch(/^line \d+: .* at column \d+/);
  });

  it("limits apply to each line", () => {
    const deep = `{"a":1}\n${"[".repeat(300)}${"]".repeat(300)}`;
    expect(thrown(() => inferSchema(deep, nd)).message).toBe(
      "line 2: nesting deeper than 256 levels at column 257 (limit maxDepth)",
    );
    const long = `{"a":1}\n{"a":"${"x".repeat(50)}"}\n{"a":2}`;
    expect(inferSchema(long, { ...nd, limits: { maxInputChars: 60 } }).root).toEqual(
      inferSchema(long, nd).root,
    );
    expect(thrown(() => inferSchema(long, { ...nd, limits: { maxInputChars: 40 } })).message).toBe(
      "line 2: input is 58 characters; the limit is 40 (limit maxInputChars)",
    );
  });

  it("says when there is no record", () => {
    expect(thrown(() => inferSchema("\n \n", nd)).message).toBe("NDJSON input has no records");
  });

  it("in 1-byte chunks as a whole", async () => {
    const text = '{"a": 1, "s": "😀"}\n\n{"a": 9223372036854775807}\n';
    expect(await inferSchemaStream(byteSlices(text, 1), nd)).toEqual(inferSchema(text, nd));
    const err = await rejected(inferSchemaStream(byteSlices('{"a":1}\n{"é":\n', 1), nd));
    expect(err.message).toBe(perLine('{"a":1}\n{"é":\n'));
  });
});
