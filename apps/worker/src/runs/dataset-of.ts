import type { StoredRunOptions } from "@wirebench/contracts";
import { idlCompilers } from "@wirebench/idl-compilers";
import {
  type Dataset,
  defaultSyntheticCount,
  importSchema,
  loadDataset,
  synthesize,
} from "@wirebench/schemas";

/** The options the web stored with the run, read through the contract (storedRunOptionsSchema). */
export type RunOptions = StoredRunOptions;

/** The parts of a run row that say what data it measures. */
export interface RunInput {
  sampleText: string | null;
  schemaText: string | null;
  inputKind: string;
}

/**
 * The dataset a run measures: the sample (read against the schema when one came with it), or synthetic
 * data. Runs in a bounded child (prepare-dataset.ts): a hostile input may take any amount of memory.
 */
export function datasetOf(run: RunInput, options: RunOptions): Dataset {
  const schema =
    run.schemaText !== null
      ? {
          kind: options.schemaKind ?? "jsonschema",
          text: run.schemaText,
          ...(options.schemaRoot !== undefined ? { rootType: options.schemaRoot } : {}),
        }
      : undefined;
  if (run.sampleText !== null) {
    return loadDataset(
      {
        text: run.sampleText,
        sampleFormat: run.inputKind === "ndjson" ? "ndjson" : "json",
        ...(options.parseLimits ? { limits: options.parseLimits } : {}),
        ...(schema ? { schema, schemaLimits: { limits: options.schemaLimits ?? {} } } : {}),
      },
      idlCompilers,
    );
  }
  if (!schema) throw new Error("the run has neither a sample nor a schema");
  const ir = importSchema(schema, { limits: options.schemaLimits ?? {} }, idlCompilers);
  return {
    schema: ir,
    messages: synthesize(ir, {
      seed: options.seed ?? 1,
      count: options.count ?? defaultSyntheticCount,
      ...(options.maxSyntheticValues ? { maxValues: options.maxSyntheticValues } : {}),
    }),
  };
}
