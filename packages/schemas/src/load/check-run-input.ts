import { schemaAsSampleProblem } from "../detect/detect-input.ts";
import { jsonSchemaTopKeys } from "../detect/looks-like-json-schema.ts";
import type { SampleFormat } from "../detect/schema-kinds.ts";
import { inferSchema } from "../infer/infer-schema.ts";
import type { SchemaLimits } from "../measure/schema-size.ts";
import { checkJsonShape, JsonInputError } from "../parse/parse-json-lossless.ts";
import { synthesisCost } from "../synthesize/synthesize.ts";
import type { IdlCompilers } from "./idl-compilers.ts";
import { importSchema, type SchemaInput } from "./import-schema.ts";
import { loadDataset } from "./load-dataset.ts";

/** Everything a run's input is checked against; plain data, so it can be sent to a worker thread. */
export interface RunInputToCheck {
  schema?: SchemaInput;
  sampleText?: string;
  sampleFormat: SampleFormat;
  /** Synthetic messages asked for (a schema-only run). */
  count: number;
  limits: {
    maxDepth: number;
    maxKeys: number;
    maxTotalKeys: number;
    maxTotalObjects: number;
    schema: SchemaLimits;
    /** Most values synthetic data may have over all messages (count × per-message cost). */
    maxSyntheticValues: number;
  };
  /** How a refusal names each limit (e.g. the environment variable that sets it). */
  settingNames: { leaves: string; types: string; syntheticValues: string };
}

export type RunInputVerdict = { ok: true } | { ok: false; message: string };

const refuse = (message: string): RunInputVerdict => ({ ok: false, message });

/**
 * Everything a worker could only fail on, checked before a run exists: the schema parses and is not
 * too large once its shared types are expanded, the synthetic data of a schema-only run fits its
 * budget, and the sample is valid JSON within the limits that follows the schema. Each refusal is a
 * message for the user (`schema: …`, `sample: …`, `count: …`); anything else thrown is a bug.
 * Every step is linear in the input, and a caller that must not block runs this off its thread. A
 * .thrift, .fbs or .capnp schema needs `compilers` (IdlCompilers).
 */
export function checkRunInput(input: RunInputToCheck, compilers?: IdlCompilers): RunInputVerdict {
  const { limits } = input;
  const shape = {
    maxDepth: limits.maxDepth,
    maxKeys: limits.maxKeys,
    maxTotalKeys: limits.maxTotalKeys,
    maxTotalObjects: limits.maxTotalObjects,
  };
  const sizeCheck = {
    limits: limits.schema,
    settingNames: { leaves: input.settingNames.leaves, types: input.settingNames.types },
  };
  if (input.schema) {
    const { kind, text } = input.schema;
    try {
      // The importers recurse per level: JSON-based schemas are shape-checked first. A .proto has
      // no such pre-check, so a stack overflow from absurd nesting is reported as bad input;
      // .thrift, .fbs and .capnp are read by their compilers first, which refuse what they cannot.
      if (kind === "jsonschema" || kind === "avsc") checkJsonShape(text, shape);
      const ir = importSchema(input.schema, sizeCheck, compilers);
      if (input.sampleText === undefined) {
        const cost = synthesisCost(ir, { count: input.count });
        if (cost > limits.maxSyntheticValues)
          return refuse(
            `count: ${input.count} synthetic ${ir.name} messages need up to ${cost.toLocaleString("en-US")} ` +
              `values, more than the limit of ${limits.maxSyntheticValues.toLocaleString("en-US")} ` +
              `(${input.settingNames.syntheticValues}); ask for fewer messages.`,
          );
      }
    } catch (err) {
      if (err instanceof RangeError) return refuse(`schema: nested too deeply to read (${kind}).`);
      return refuse(`schema: ${(err as Error).message}`);
    }
  }
  const sampleText = input.sampleText;
  if (sampleText === undefined) return { ok: true };
  if (!sampleText.trim()) return refuse("sample is empty.");
  if (!input.schema) {
    try {
      // The schema alone: every error inferDataset would raise, without building the data tree the
      // worker builds anyway.
      const { root } = inferSchema(sampleText, { sampleFormat: input.sampleFormat, limits: shape });
      // Parsed again only when its top names a schema keyword, so a sample pays nothing for this.
      const mayBeSchema = root.kind === "record" && root.fields.some((f) => jsonSchemaTopKeys.has(f.name));
      const problem = mayBeSchema && schemaAsSampleProblem(sampleText, input.sampleFormat);
      if (problem)
        return refuse(
          `sample: ${problem}; send it as schema {"kind": "jsonschema", "text": …} ` +
            "(with no sample, synthetic data that follows it is measured).",
        );
    } catch (err) {
      if (err instanceof JsonInputError) return refuse(`sample: ${err.message}`);
      throw err;
    }
    return { ok: true };
  }
  try {
    // What the worker will do, with these limits: one parse checks the JSON against the schema.
    loadDataset(
      {
        text: sampleText,
        sampleFormat: input.sampleFormat,
        schema: input.schema,
        limits: shape,
        schemaLimits: sizeCheck,
      },
      compilers,
    );
  } catch (err) {
    if (err instanceof RangeError) return refuse("sample: nested too deeply to read against the schema.");
    return refuse(`sample: ${(err as Error).message}`);
  }
  return { ok: true };
}
