import { readCorpus } from "@wirebench/corpus";
import { pack } from "msgpackr";

export interface SizeBar {
  format: string;
  bytes: number;
}

/**
 * The home page's example: twitter.json (from the nativejson-benchmark corpus) as minified JSON
 * and as MessagePack, computed when the page is built.
 */
let cached: { document: string; bars: SizeBar[] } | undefined;

export function homeSizes(): { document: string; bars: SizeBar[] } {
  cached ??= compute();
  return cached;
}

function compute(): { document: string; bars: SizeBar[] } {
  const value: unknown = JSON.parse(readCorpus("twitter.json"));
  return {
    document: "twitter.json",
    bars: [
      { format: "JSON", bytes: Buffer.byteLength(JSON.stringify(value)) },
      { format: "MessagePack", bytes: pack(value).byteLength },
    ],
  };
}
