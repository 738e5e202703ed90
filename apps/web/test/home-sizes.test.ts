import { readCorpus } from "@wirebench/corpus";
import { describe, expect, it } from "vitest";
import { homeSizes } from "../src/lib/home-sizes.ts";

describe("home page sizes", () => {
  it("measures twitter.json as minified JSON and as MessagePack", () => {
    const { bars } = homeSizes();
    const minified = JSON.stringify(JSON.parse(readCorpus("twitter.json")));
    expect(bars[0]).toEqual({ format: "JSON", bytes: Buffer.byteLength(minified) });
    // Published figure: MessagePack is about 86 % of minified JSON on twitter.json (corpus README).
    const share = bars[1]!.bytes / bars[0]!.bytes;
    expect(share).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(0.92);
  });
});
