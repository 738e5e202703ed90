import type { Dataset } from "../ir.ts";
import { minifiedMessages } from "../parse/minify-json.ts";
import { parseJsonSource, type SourceValue, toDataValue } from "../parse/parse-json-lossless.ts";
import { conformFloats } from "./conform-floats.ts";
import { type InferOptions, inferSchema } from "./infer-schema.ts";

/**
 * The messages of a sample inferSchema accepted (it enforces the dataset rules and limits): NDJSON
 * lines, the items of a top-level array, or the one document.
 */
function messagesOf(text: string, opts: InferOptions): { values: SourceValue[]; sources: string[] } {
  if (opts.sampleFormat === "ndjson") {
    const lines = text.split("\n").filter((line) => line.trim());
    return {
      values: lines.map((line) => parseJsonSource(line, opts.limits)),
      sources: lines.map((line) => minifiedMessages(line, false)[0] as string),
    };
  }
  const doc = parseJsonSource(text, opts.limits);
  return Array.isArray(doc)
    ? { values: doc, sources: minifiedMessages(text, true) }
    : { values: [doc], sources: minifiedMessages(text, false) };
}

/**
 * Infers one IR from every message of a sample and returns the messages in the lossless data model,
 * which the codecs need whole: the tree costs many times the input, where inferSchema alone does not.
 */
export function inferDataset(text: string, opts: InferOptions = {}): Dataset {
  const schema = inferSchema(text, opts);
  const { values, sources } = messagesOf(text, opts);
  const messages = values.map(toDataValue);
  conformFloats(schema.root, messages);
  return { schema, messages, sources };
}
