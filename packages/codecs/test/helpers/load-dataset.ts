import { readFileSync } from "node:fs";
import { idlCompilers } from "@wirebench/idl-compilers";
import {
  type Dataset,
  type DataValue,
  type IrSchema,
  importSchema as importWith,
  loadDataset as loadWith,
  type SampleInput,
  type SchemaInput,
  type SchemaSizeCheck,
} from "@wirebench/schemas";
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

/** loadDataset and importSchema with the real schema compilers, so tests may use every schema kind. */
export function loadDataset(input: SampleInput): Dataset {
  return loadWith(input, idlCompilers);
}

export function importSchema(schema: SchemaInput, check: SchemaSizeCheck = {}): IrSchema {
  return importWith(schema, check, idlCompilers);
}
