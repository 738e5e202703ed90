import { readCorpus } from "@wirebench/corpus";
import { minifyJson } from "@wirebench/schemas";
import { Packr } from "msgpackr";

export interface SizeBar {
  format: string;
  bytes: number;
}

/**
 * The home page's example: twitter.json (from the nativejson-benchmark corpus) as minified JSON
 * (the file's own text without whitespace, as a run's JSON row counts it) and as MessagePack in its
 * minimal standard encoding (msgpackr with variableMapSize; its default writes a 3-byte header for
 * every object), computed when the page is built.
 */
let cached: { document: string; bars: SizeBar[] } | undefined;

export const minimalMessagePack = "MessagePack (minimal encoding)";

export function homeSizes(): { document: string; bars: SizeBar[] } {
  cached ??= compute();
  return cached;
}

function compute(): { document: string; bars: SizeBar[] } {
  const text = readCorpus("twitter.json");
  const packr = new Packr({ useRecords: false, variableMapSize: true });
  return {
    document: "twitter.json",
    bars: [
      { format: "JSON", bytes: Buffer.byteLength(minifyJson(text)) },
      { format: minimalMessagePack, bytes: packr.pack(JSON.parse(text)).byteLength },
    ],
  };
}
