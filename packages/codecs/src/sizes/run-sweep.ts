import type { FormatResult, PerElement, SweepResult } from "@wirebench/contracts/result";
import { parseSweepSizes, type SweepLimits } from "@wirebench/contracts/sweep";
import type { Dataset } from "@wirebench/schemas";
import { runComparison } from "../pipeline/run-comparison.ts";
import type { DatasetFile, RunOptions } from "../pipeline/run-options.ts";
import { chooseRepeatedField, growRepeatedField } from "./grow-array.ts";

export interface SweepOptions
  extends Pick<RunOptions, "formats" | "settings" | "limits" | "signal" | "onProgress" | "workDir"> {
  sizes: number[];
  /** Dotted path of the repeated field; default the one with the most elements in the sample. */
  path?: string;
  /** Sizes only: verify every format at every size, no timings. Default false (quick timings). */
  sizesOnly?: boolean;
  sweepLimits?: Partial<SweepLimits>;
}

function perElementOf(f: FormatResult, size: number): PerElement {
  return {
    id: f.id,
    bytes: f.bytes / size,
    zstd: f.compressed.zstd / size,
    encodeNs: f.encode ? f.encode.medianNs / size : null,
    decodeNs: f.decode ? f.decode.medianNs / size : null,
  };
}

/** The grown datasets of a sweep, in memory (CLI) or already written to files (worker). */
export interface SweepDatasets {
  path: string;
  sampleLength: number;
  points: { size: number; dataset: Dataset | DatasetFile }[];
}

/**
 * The dataset's first message with its repeated field grown to each size, one dataset per size.
 * Pure (no I/O): the worker calls it in its bounded preparation child and writes the results.
 */
export function growSweepDatasets(
  dataset: Dataset,
  opts: Pick<SweepOptions, "sizes" | "path" | "sweepLimits">,
  label?: string,
): { path: string; sampleLength: number; points: { size: number; dataset: Dataset }[] } {
  const sizes = parseSweepSizes(opts.sizes, opts.sweepLimits, label);
  const message = dataset.messages[0];
  if (message === undefined) throw new Error("the sample has no messages");
  const field = chooseRepeatedField(dataset.schema.root, message, opts.path);
  // Without `sources` the JSON format writes the grown values, as it does for synthetic data.
  const points = sizes.map((size) => ({
    size,
    dataset: { schema: dataset.schema, messages: [growRepeatedField(dataset.schema, message, field, size)] },
  }));
  return { path: field.path, sampleLength: field.length, points };
}

/**
 * A quick comparison of the one grown message at each size (no sizes as shipped: one message has
 * nothing to batch), per-element figures beside each point's entries.
 */
export async function measureSweep(
  grown: SweepDatasets,
  opts: Omit<SweepOptions, "sizes" | "path">,
): Promise<SweepResult> {
  const points: SweepResult["points"] = [];
  let environment: SweepResult["environment"];
  const started = Date.now();
  for (const { size, dataset } of grown.points) {
    const r = await runComparison(dataset, {
      ...opts,
      quick: true,
      verifyOnly: opts.sizesOnly === true,
      shippedSizes: false,
      ...(opts.onProgress
        ? {
            onProgress: (e) =>
              opts.onProgress?.({ ...e, detail: [`size ${size}`, e.detail].filter(Boolean).join(", ") }),
          }
        : {}),
    });
    environment ??= r.environment;
    points.push({
      size,
      formats: r.formats,
      perElement: r.formats.filter((f) => f.ok).map((f) => perElementOf(f, size)),
    });
  }
  if (environment) environment = { ...environment, durationMs: Date.now() - started };
  return {
    path: grown.path,
    sampleLength: grown.sampleLength,
    points,
    ...(environment ? { environment } : {}),
  };
}

/** Grows the repeated field of the dataset's first message to each size and measures every format at each. */
export async function runSweep(dataset: Dataset, opts: SweepOptions): Promise<SweepResult> {
  return measureSweep(growSweepDatasets(dataset, opts), opts);
}
