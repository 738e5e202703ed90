import { type CorpusDocument, readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { inferDataset } from "../src/infer/infer-dataset.ts";
import { minifiedMessages, minifyJson } from "../src/parse/minify-json.ts";

describe("minifyJson", () => {
  it("drops whitespace between tokens and keeps every token as written", () => {
    const text =
      ' {\n\t"a" : [ 1.0 , -0 , 1E3 , 505874924095815681 ] ,\r\n "s" : "x \\" y , ] \\u00e9\\/" } \n';
    expect(minifyJson(text)).toBe('{"a":[1.0,-0,1E3,505874924095815681],"s":"x \\" y , ] \\u00e9\\/"}');
  });

  it.each(["twitter.json", "citm_catalog.json", "canada.json"] as CorpusDocument[])(
    "%s: re-indenting then minifying gives JSON.stringify's compact text back",
    (doc) => {
      // JSON.stringify's compact output is already minified, and its pretty form differs only in
      // whitespace, so minifying the pretty form must give the compact form byte for byte.
      const compact = JSON.stringify(JSON.parse(readCorpus(doc)));
      expect(minifyJson(JSON.stringify(JSON.parse(compact), null, 2))).toBe(compact);
    },
  );

  it("splits a top-level array into its items, brackets and commas inside strings included", () => {
    expect(minifiedMessages(' [ {"a": 1 } , [ 2 , [3] ] , "s,]" , 4 ] ', true)).toEqual([
      '{"a":1}',
      "[2,[3]]",
      '"s,]"',
      "4",
    ]);
    expect(minifiedMessages(" [ ] ", true)).toEqual([]);
  });
});

describe("inferDataset keeps each message's own text", () => {
  it("one minified text per message: NDJSON lines, array items or the document", () => {
    expect(
      inferDataset('{"x": 1.50, "y": "\\u0041"}\n\n{"x": 2e0}\n', { sampleFormat: "ndjson" }).sources,
    ).toEqual(['{"x":1.50,"y":"\\u0041"}', '{"x":2e0}']);
    expect(inferDataset('[ {"x": 1.0}, {"x": 2} ]').sources).toEqual(['{"x":1.0}', '{"x":2}']);
    const doc = inferDataset('{ "ids": [ 505874924095815681 ] }');
    expect(doc.sources).toEqual(['{"ids":[505874924095815681]}']);
    expect(doc.messages).toHaveLength(doc.sources?.length ?? -1);
  });
});
