import { readCorpus } from "@wirebench/corpus";
import { minifyJson } from "@wirebench/schemas";
import { Packr } from "msgpackr";
import { describe, expect, it } from "vitest";
import { homeSizes, minimalMessagePack } from "../src/lib/home-sizes.ts";

describe("home page sizes", () => {
  it("measures twitter.json as its own minified text and as minimal MessagePack", () => {
    const { bars } = homeSizes();
    const text = readCorpus("twitter.json");
    expect(bars[0]).toEqual({ format: "JSON", bytes: Buffer.byteLength(minifyJson(text)) });
    // The minimal encoding, said so on the page: msgpackr's default pads every object's header.
    expect(bars[1]!.format).toBe(minimalMessagePack);
    expect(bars[1]!.bytes).toBeLessThan(new Packr({ useRecords: false }).pack(JSON.parse(text)).byteLength);
    // Published figure: MessagePack is about 86 % of minified JSON on twitter.json (corpus README).
    const share = bars[1]!.bytes / bars[0]!.bytes;
    expect(share).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(0.92);
  });
});
