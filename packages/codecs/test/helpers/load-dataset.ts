import { readFileSync } from "node:fs";
import type { Dataset, DataValue } from "@wirebench/schemas";
import { isSafeNumber, parse } from "lossless-json";

/**
 * Test-only lossless reading of a corpus file as one message with an opaque schema, for the
 * schemaless formats (integers beyond 2^53 as bigint, like the schemas package's parser).
 */
export function parseLossless(text: string): DataValue {
  return parse(text, undefined, (s: string) => {
    if (/^-?\d+$/.test(s) && !isSafeNumber(s)) return BigInt(s);
    return Number(s);
  }) as DataValue;
}

export function schemalessDataset(path: string): Dataset {
  return {
    schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
    messages: [parseLossless(readFileSync(path, "utf8"))],
  };
}
