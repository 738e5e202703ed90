import type { Dataset, IrSchema } from "../ir.ts";
import type { ParseLimits } from "../parse/limits.ts";
import {
  IntegralFloat,
  JsonInputError,
  parseJsonSource,
  type SourceValue,
  toDataValue,
} from "../parse/parse-json-lossless.ts";
import { accumulate, newAcc } from "./accumulate.ts";
import { conformFloats } from "./conform-floats.ts";
import { recordType, TypeNames } from "./decide-type.ts";

export interface InferOptions {
  sampleFormat?: "json" | "ndjson";
  /** Name of the root message type (default "Root"). */
  name?: string;
  limits?: Partial<ParseLimits>;
}

const isObject = (v: SourceValue): v is { [key: string]: SourceValue } =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof IntegralFloat);

function describe(v: SourceValue): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (v instanceof IntegralFloat || typeof v === "bigint") return "a number";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/** The messages of a sample: NDJSON lines, the items of a top-level array of objects, or one document. */
function messagesOf(text: string, opts: InferOptions): SourceValue[] {
  if (opts.sampleFormat === "ndjson") {
    const out: SourceValue[] = [];
    text.split("\n").forEach((line, i) => {
      if (!line.trim()) return;
      try {
        out.push(parseJsonSource(line, opts.limits));
      } catch (err) {
        const e = err as JsonInputError;
        throw new JsonInputError(
          `line ${i + 1}: ${e.message.replace(/ at line 1,/, " at")}`,
          i + 1,
          e.column,
        );
      }
    });
    if (out.length === 0) throw new JsonInputError("NDJSON input has no records");
    return out;
  }
  const doc = parseJsonSource(text, opts.limits);
  if (Array.isArray(doc)) {
    if (doc.length === 0) throw new JsonInputError("the top-level array is empty: give at least one record");
    const bad = doc.findIndex((x) => !isObject(x));
    if (bad >= 0) {
      throw new JsonInputError(
        `item ${bad} of the top-level array is ${describe(doc[bad]!)}; a dataset is an array of objects`,
      );
    }
    return doc;
  }
  if (!isObject(doc)) {
    throw new JsonInputError(
      `the top-level value is ${describe(doc)}; give an object, an array of objects, or NDJSON records`,
    );
  }
  return [doc];
}

/**
 * Infers one IR from every message of a sample (merged, so the order of messages never matters)
 * and returns the messages in the lossless data model.
 */
export function inferDataset(text: string, opts: InferOptions = {}): Dataset {
  const messages = messagesOf(text, opts);
  const acc = newAcc();
  for (const m of messages) accumulate(acc, m);
  const names = new TypeNames();
  const root = recordType(acc, opts.name ?? "Root", names);
  const schema: IrSchema = {
    irVersion: 1,
    name: root.name,
    root,
    source: opts.sampleFormat === "ndjson" ? "ndjson" : "json",
  };
  const data = messages.map(toDataValue);
  conformFloats(root, data);
  return { schema, messages: data };
}
