import { readFileSync } from "node:fs";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { jsonCheckerCases } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { JsonInputError, parseJsonLossless } from "../src/parse/parse-json-lossless.ts";

describe("parseJsonLossless", () => {
  const cases = jsonCheckerCases();
  it.each(cases.filter((c) => c.valid).map((c) => [c.name, c.path]))("accepts %s", (_n, path) => {
    expect(() => parseJsonLossless(readFileSync(path, "utf8"))).not.toThrow();
  });
  it.each(cases.filter((c) => !c.valid).map((c) => [c.name, c.path]))(
    "rejects %s naming line and column",
    (_n, path) => {
      const err = (() => {
        try {
          parseJsonLossless(readFileSync(path, "utf8"));
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(JsonInputError);
      expect((err as Error).message).toMatch(/line \d+, column \d+/);
    },
  );

  // The parser builds strings a character at a time; kept as V8's rope, 1 MB of text held ~32 MB.
  it.each([
    ["array items", false],
    ["object values", true],
  ])("holds strings in %s flat: 1 MB of text costs about 1 MB of heap", (_n, inObject) => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const text = sixtyFourLongStrings(inObject);
    gc();
    const before = getHeapStatistics().used_heap_size;
    const parsed = parseJsonLossless(text);
    gc();
    const held = getHeapStatistics().used_heap_size - before;
    expect(JSON.stringify(parsed)).toBe(text);
    expect(held).toBeGreaterThan(500_000);
    expect(held).toBeLessThan(4_000_000);
  });

  it("keeps integers beyond 2^53 exact as bigint and the rest as numbers", () => {
    expect(
      parseJsonLossless('{"id": 505874924095815681, "small": 42, "f": 1.5, "neg": -9223372036854775808}'),
    ).toEqual({
      id: 505874924095815681n,
      small: 42,
      f: 1.5,
      neg: -9223372036854775808n,
    });
  });

  it("names the line and column of an error", () => {
    expect(() => parseJsonLossless('{\n  "a": 1,\n  "b": tru\n}')).toThrow(
      /^invalid JSON at line 3, column 8/,
    );
  });

  it("refuses 10,000 levels of nesting with a clear message instead of overflowing the stack", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect(() => parseJsonLossless(deep)).toThrow(
      "nesting deeper than 256 levels at line 1, column 257 (limit maxDepth)",
    );
  });

  it("caps a larger maxDepth at what the parser survives, so deep input never overflows the stack", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect(() => parseJsonLossless(deep, { maxDepth: 20_000 })).toThrow(
      "nesting deeper than 1000 levels at line 1, column 1001 (limit maxDepth, at most 1000 is supported)",
    );
    const allowed = `${'{"a":'.repeat(1_000)}1${"}".repeat(1_000)}`;
    expect(JSON.stringify(parseJsonLossless(allowed, { maxDepth: 20_000 })).length).toBe(allowed.length);
  });

  it("refuses an object with 1,000,000 keys by the key limit", () => {
    const parts = new Array(1_000_000);
    for (let i = 0; i < parts.length; i++) parts[i] = `"k${i}":${i}`;
    expect(() => parseJsonLossless(`{${parts.join(",")}}`)).toThrow(
      /an object with more than 100000 keys .*\(limit maxKeys\)/,
    );
  });

  it("says an empty input is empty", () => {
    expect(() => parseJsonLossless("  \n")).toThrow("input is empty");
  });
});

/** 64 strings of 16 KB as a JSON array or object; built here so no temporary outlives the call. */
function sixtyFourLongStrings(inObject: boolean): string {
  const strings = Array.from({ length: 64 }, (_, i) => `${i}`.padEnd(16_384, "x"));
  return JSON.stringify(inObject ? { a: { ...strings } } : strings);
}
