import { readFileSync } from "node:fs";
import { jsonCheckerCases } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { inferSchema, inferSchemaStream } from "../src/infer/infer-schema.ts";
import { parseJsonLossless } from "../src/parse/parse-json-lossless.ts";
import { rejected, thrown, wholeText } from "./json-errors.ts";

describe("inferSchema refuses what inferDataset refused, with the same messages", () => {
  it.each([
    ["", "input is empty"],
    [" \n\t ", "input is empty"],
    ["\u00a0", "input is empty"],
    ["42", "the top-level value is a number; give an object, an array of objects, or NDJSON records"],
    ['"text"', "the top-level value is a string; give an object, an array of objects, or NDJSON records"],
    ["null", "the top-level value is null; give an object, an array of objects, or NDJSON records"],
    ["[]", "the top-level array is empty: give at least one record"],
    ["[1, 2]", "item 0 of the top-level array is a number; a dataset is an array of objects"],
    ['[{"a": 1}, [2], true]', "item 1 of the top-level array is an array; a dataset is an array of objects"],
  ])("%j", (text, message) => {
    expect(thrown(() => inferSchema(text)).message).toBe(message);
  });

  it("a syntax error anywhere comes before the dataset rules, as when the whole text is parsed first", () => {
    expect(thrown(() => inferSchema("[1, 2")).message).toMatch(/^invalid JSON at line 1, column 6/);
  });

  it("10,000 levels of nesting: the depth limit, where the whole-text check puts it", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect(thrown(() => inferSchema(deep)).message).toBe(
      "nesting deeper than 256 levels at line 1, column 257 (limit maxDepth)",
    );
    expect(thrown(() => inferSchema(deep, { limits: { maxDepth: 20_000 } })).message).toBe(
      thrown(() => parseJsonLossless(deep, { maxDepth: 20_000 })).message,
    );
  });

  // Builds a 1,000,000-key text: seconds on a busy shared machine, so a longer bound than the default.
  it("an object with 1,000,000 keys: the key limit", { timeout: 60_000 }, () => {
    const parts = new Array(1_000_000);
    for (let i = 0; i < parts.length; i++) parts[i] = `"k${i}":${i}`;
    const text = `{${parts.join(",")}}`;
    const err = thrown(() => inferSchema(text));
    expect(err.message).toMatch(
      /^an object with more than 100000 keys at line 1, column \d+ \(limit maxKeys\)$/,
    );
    expect(err.message).toBe(wholeText(text).message);
  });

  it("a text over maxInputChars, whole or streamed", async () => {
    expect(thrown(() => inferSchema('{"a": 1}', { limits: { maxInputChars: 5 } })).message).toBe(
      "input is 8 characters; the limit is 5 (limit maxInputChars)",
    );
    const streamed = await rejected(inferSchemaStream(['{"a":', " 1}"], { limits: { maxInputChars: 5 } }));
    expect(streamed.message).toBe("input is longer than 5 characters (limit maxInputChars)");
  });

  const invalid = jsonCheckerCases()
    .filter((c) => !c.valid)
    .map((c) => [c.name, readFileSync(c.path, "utf8")]);
  it.each(invalid)("%s: the whole-text parser's message, line and column", (_name, text) => {
    const err = thrown(() => inferSchema(text));
    const expected = wholeText(text);
    expect(err.message).toMatch(/line \d+, column \d+/);
    expect([err.message, err.line, err.column]).toEqual([expected.message, expected.line, expected.column]);
  });

  it.each([
    '{"a" 1}',
    "[1,]",
    "[1 2]",
    '{"a":1 "b":2}',
    '{"a":1 "b\\q"}',
    "[1-]",
    '{"a":',
    '{"a":1,',
    "[",
    '{"b":tru}',
    '"\\u12G4"',
    "1e+",
    '{"a":1}}',
    '{"a":"\t"}',
    '{"é":"😀",\n "b":\\u}',
    "\ufeff{}",
    ' {"a": [1, {"b": 2]}',
  ])("%j: the whole-text parser's message", (text) => {
    expect(thrown(() => inferSchema(text)).message).toBe(wholeText(text).message);
  });
});
