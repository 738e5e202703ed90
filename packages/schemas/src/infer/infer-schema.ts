import type { IrSchema } from "../ir.ts";
import { JsonTokenFeeder } from "../parse/json-token-stream.ts";
import { defaultParseLimits, type ParseLimits } from "../parse/limits.ts";
import { JsonInputError } from "../parse/parse-json-lossless.ts";
import type { Acc } from "./accumulate.ts";
import { recordType, TypeNames } from "./decide-type.ts";
import { TokenAccumulator } from "./token-accumulator.ts";

export interface InferOptions {
  sampleFormat?: "json" | "ndjson";
  /** Name of the root message type (default "Root"). */
  name?: string;
  limits?: Partial<ParseLimits>;
}

/** The schema for everything a sample's messages showed (merged, so their order never matters). */
export function schemaOf(acc: Acc, opts: InferOptions): IrSchema {
  const root = recordType(acc, opts.name ?? "Root", new TypeNames());
  return { irVersion: 1, name: root.name, root, source: opts.sampleFormat === "ndjson" ? "ndjson" : "json" };
}

function reader(opts: InferOptions): { feeder: JsonTokenFeeder; sink: TokenAccumulator } {
  const limits = { ...defaultParseLimits, ...opts.limits };
  const ndjson = opts.sampleFormat === "ndjson";
  const sink = new TokenAccumulator(limits, ndjson);
  return { feeder: new JsonTokenFeeder(sink, { ndjson, maxInputChars: limits.maxInputChars }), sink };
}

/**
 * The schema inferDataset would give, read straight from the tokens: no value tree is built, so the
 * memory needed is the summary of what was seen, not a multiple of the input.
 */
export function inferSchema(text: string, opts: InferOptions = {}): IrSchema {
  const { maxInputChars } = { ...defaultParseLimits, ...opts.limits };
  // A whole text is refused by its length up front, in parseJsonSource's words; NDJSON limits lines.
  if (opts.sampleFormat !== "ndjson" && text.length > maxInputChars)
    throw new JsonInputError(
      `input is ${text.length} characters; the limit is ${maxInputChars} (limit maxInputChars)`,
    );
  const { feeder, sink } = reader(opts);
  feeder.write(text);
  feeder.end();
  return schemaOf(sink.root, opts);
}

/** inferSchema over chunks (a file's read stream, say), which may split characters anywhere. */
export async function inferSchemaStream(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  opts: InferOptions = {},
): Promise<IrSchema> {
  const { feeder, sink } = reader(opts);
  // ignoreBOM keeps a byte-order mark in the text, as readFileSync does, so both refuse it alike.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of chunks)
    feeder.write(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
  feeder.write(decoder.decode());
  feeder.end();
  return schemaOf(sink.root, opts);
}
