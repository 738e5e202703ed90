import type { FormatResult, PerElement, SweepResult } from "@wirebench/contracts/result";
import type { Dataset } from "@wirebench/schemas";
import { runComparison } from "../pipeline/run-comparison.ts";
import type { RunOptions } from "../pipeline/run-options.ts";
import { chooseRepeatedField, growRepeatedField } from "./grow-array.ts";

/** Largest size a sweep grows a field to (WIREBENCH_SWEEP_MAX_SIZE): 10^6 elements, 10× the Go study's largest. */
export const SWEEP_MAX_SIZE = 1_000_000;
/** Most sizes one sweep measures (WIREBENCH_SWEEP_MAX_POINTS): each is a whole comparison. */
export const SWEEP_MAX_POINTS = 8;

export interface SweepLimits {
  maxSize: number;
  maxPoints: number;
}
export const defaultSweepLimits: SweepLimits = { maxSize: SWEEP_MAX_SIZE, maxPoints: SWEEP_MAX_POINTS };

export interface SweepOptions
  extends Pick<RunOptions, "formats" | "settings" | "limits" | "signal" | "onProgress" | "workDir"> {
  sizes: number[];
  /** Dotted path of the repeated field; default the one with the most elements in the sample. */
  path?: string;
  /** Sizes only: verify every format at every size, no timings. Default false (quick timings). */
  sizesOnly?: boolean;
  sweepLimits?: Partial<SweepLimits>;
}

/** `--sizes 10,1000,100000` checked against the limits: positive integers, at most maxPoints of them. */
export function parseSweepSizes(text: string | number[], limits: Partial<SweepLimits> = {}): number[] {
  const { maxSize, maxPoints } = { ...defaultSweepLimits, ...limits };
  const raw = typeof text === "string" ? text.split(",").map((s) => s.trim()) : text.map(String);
  if (raw.length === 0 || raw.every((s) => s === "")) throw new Error("--sizes needs at least one size");
  const sizes = raw.map((s) => {
    const n = Number(s.replace(/_/g, ""));
    if (!Number.isInteger(n) || n < 1) throw new Error(`--sizes: "${s}" is not a positive whole number`);
    if (n > maxSize) throw new Error(`--sizes: ${n} exceeds the sweep's maximum size of ${maxSize} elements`);
    return n;
  });
  const unique = [...new Set(sizes)].sort((a, b) => a - b);
  if (unique.length > maxPoints)
    throw new Error(`--sizes: ${unique.length} sizes exceed the sweep's maximum of ${maxPoints} points`);
  return unique;
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

/**
 * Grows the repeated field of the dataset's first message to each size and runs a quick comparison
 * of the one grown message at each (no sizes as shipped: one message has nothing to batch).
 */
export async function runSweep(dataset: Dataset, opts: SweepOptions): Promise<SweepResult> {
  const sizes = parseSweepSizes(opts.sizes, opts.sweepLimits);
  const message = dataset.messages[0];
  if (message === undefined) throw new Error("the sample has no messages");
  const field = chooseRepeatedField(dataset.schema.root, message, opts.path);
  const points: SweepResult["points"] = [];
  let environment: SweepResult["environment"];
  const started = Date.now();
  for (const size of sizes) {
    // Without `sources` the JSON format writes the grown values, as it does for synthetic data.
    const grown: Dataset = {
      schema: dataset.schema,
      messages: [growRepeatedField(dataset.schema, message, field, size)],
    };
    const r = await runComparison(grown, {
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
  return { path: field.path, sampleLength: field.length, points, ...(environment ? { environment } : {}) };
}
