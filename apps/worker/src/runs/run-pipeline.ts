import { importSchema, loadDataset, registry, runComparison, selectEntries } from "@wirebench/codecs";
import {
  type Dataset,
  defaultSyntheticCount,
  encodeIr,
  type SchemaLimits,
  synthesize,
} from "@wirebench/schemas";
import type { RunPipeline } from "./handle-run-job.ts";

interface RunOptions {
  quick?: boolean;
  seed?: number;
  count?: number;
  schemaKind?: "jsonschema" | "proto" | "avsc";
  /** The limits the web checked the run against, so the worker applies the same ones. */
  schemaLimits?: Partial<SchemaLimits>;
  maxSyntheticValues?: number;
}

/** The dataset a run measures: the sample (read against the schema when one came with it), or synthetic data. */
export function datasetOf(
  run: { sampleText: string | null; schemaText: string | null; inputKind: string },
  options: RunOptions,
): Dataset {
  const schema =
    run.schemaText !== null ? { kind: options.schemaKind ?? "jsonschema", text: run.schemaText } : undefined;
  if (run.sampleText !== null) {
    return loadDataset({
      text: run.sampleText,
      sampleFormat: run.inputKind === "ndjson" ? "ndjson" : "json",
      ...(schema ? { schema, schemaLimits: { limits: options.schemaLimits ?? {} } } : {}),
    });
  }
  if (!schema) throw new Error("the run has neither a sample nor a schema");
  const ir = importSchema(schema, { limits: options.schemaLimits ?? {} });
  return {
    schema: ir,
    messages: synthesize(ir, {
      seed: options.seed ?? 1,
      count: options.count ?? defaultSyntheticCount,
      ...(options.maxSyntheticValues ? { maxValues: options.maxSyntheticValues } : {}),
    }),
  };
}

/**
 * The worker's pipeline: schema engine, then the codec engine (which measures each format in child
 * processes with limits). Each format's stage is reported as it changes, and its FormatResult row is
 * saved as soon as the format is verified or failed, then overwritten with the timed entry; the
 * codec engine reports a format `done` only after that final save.
 */
export const runPipeline: RunPipeline = async (run, hooks) => {
  const options = (run.options ?? {}) as RunOptions;
  const formats = run.formats.length ? run.formats : undefined;
  for (const e of selectEntries(registry, formats)) hooks.onProgress(e.id, "queued");
  const dataset = datasetOf(run, options);
  const result = await runComparison(dataset, {
    formats,
    quick: !!options.quick,
    onProgress: (e) => hooks.onProgress(e.id, e.phase),
    onFormatResult: (entry) => hooks.onResult(entry),
  });
  // Shared types by reference: written out plainly, a 1.7 KB schema's IR was 165 MB.
  return { ir: encodeIr(dataset.schema), environment: { ...result.environment, noise: result.noise } };
};
