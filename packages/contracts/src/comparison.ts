import { z } from "zod";
import { projectThresholdsSchema } from "./project.ts";
import { runViewSchema } from "./run/run-view.ts";

/** Query of GET /api/v1/runs/{id}/comparison. */
export const comparisonQuerySchema = z.object({
  baseline: z
    .string()
    .max(255)
    .optional()
    .describe("Run id, or a branch whose latest completed run is used."),
  maxRegression: z.coerce
    .number()
    .min(0)
    .optional()
    .describe("Largest allowed size growth (raw and compressed), %."),
  maxTimeRegression: z.coerce
    .number()
    .min(0)
    .optional()
    .describe("Largest allowed significant slow-down, %."),
  maxInstructionRegression: z.coerce
    .number()
    .min(0)
    .optional()
    .describe("Largest allowed rise of an instruction count per call (runs with metric instructions), %."),
  formats: z.string().optional().describe("Comma-separated formats the thresholds apply to."),
});

export const sizeDeltaSchema = z.object({ base: z.number(), current: z.number(), deltaPct: z.number() });
export type SizeDelta = z.infer<typeof sizeDeltaSchema>;

export const timeDeltaSchema = sizeDeltaSchema.extend({
  significant: z.boolean().describe("The runs' 95% confidence intervals of the median do not overlap."),
});
export type TimeDelta = z.infer<typeof timeDeltaSchema>;

/** A baseline format the current run no longer measures successfully. */
export const lostFormatSchema = z.object({
  key: z.string(),
  watched: z.boolean(),
  error: z
    .string()
    .optional()
    .describe("The current run's error for this format; absent when it is missing."),
});
export type LostFormat = z.infer<typeof lostFormatSchema>;

/** Bytes of one field path (or structural entry) in the baseline and in the run. */
export const pathDeltaSchema = z.object({
  path: z.string(),
  base: z.number(),
  current: z.number(),
  delta: z.number().describe("current − base, in bytes."),
});
export type PathDelta = z.infer<typeof pathDeltaSchema>;

/** Instructions per call of one operation in the baseline and in the run (metric instructions). */
export const instructionDeltaSchema = z.object({
  op: z.enum(["encode", "decode", "access"]),
  base: z.number(),
  current: z.number(),
  deltaPct: z.number(),
  noisy: z.boolean().describe("Either run's processes disagreed by more than 0.1 %: shown, never judged."),
});
export type InstructionDelta = z.infer<typeof instructionDeltaSchema>;

/** One format measured by both runs, with its deltas; a delta is null where a run has no figure. */
export const formatComparisonSchema = z.object({
  key: z.string(),
  watched: z.boolean(),
  bytes: sizeDeltaSchema.nullable(),
  gzip: sizeDeltaSchema.nullable(),
  brotli: sizeDeltaSchema.nullable(),
  zstd: sizeDeltaSchema.nullable(),
  encode: timeDeltaSchema.nullable(),
  decode: timeDeltaSchema.nullable(),
  paths: z
    .array(pathDeltaSchema)
    .optional()
    .describe(
      "The field paths (formats[].attribution) whose bytes changed most against the baseline, largest change first; absent when either run predates attribution.",
    ),
  instructions: z
    .array(instructionDeltaSchema)
    .optional()
    .describe(
      "Instructions per call against the baseline; present when both runs counted (metric instructions).",
    ),
  pass: z.boolean(),
  sizeFail: z.boolean(),
  timeFail: z.boolean(),
  instructionFail: z
    .boolean()
    .optional()
    .describe("An instruction count rose past maxInstructionRegressionPct."),
});
export type FormatComparison = z.infer<typeof formatComparisonSchema>;

export const comparisonCheckSchema = z.object({
  name: z.enum(["size", "time", "instructions", "formats"]),
  limitPct: z.number().nullable().describe("null for the formats check."),
  failing: z.array(z.string()),
  pass: z.boolean(),
  compared: z.number().int().optional().describe("instructions check: formats both runs counted."),
});
export type ComparisonCheck = z.infer<typeof comparisonCheckSchema>;

/** Response of GET /api/v1/runs/{id}/comparison (and what `wirebench ci --json` writes). */
export const comparisonSchema = z
  .object({
    run: runViewSchema,
    baseline: z
      .object({
        id: z.string(),
        url: z.string(),
        branch: z.string().nullable(),
        commit: z.string().nullable(),
      })
      .nullable(),
    thresholds: projectThresholdsSchema.describe("The project's defaults with the query's overrides."),
    formats: z.array(formatComparisonSchema),
    newlyFailing: z
      .array(lostFormatSchema)
      .describe("Formats that worked in the baseline and fail in this run."),
    missing: z
      .array(lostFormatSchema)
      .describe("Formats that worked in the baseline and this run did not measure."),
    checks: z.array(comparisonCheckSchema),
    pass: z
      .boolean()
      .describe("False when a threshold is crossed or a watched format failed or went missing."),
    note: z.string().nullable(),
  })
  .meta({ id: "Comparison" });
export type Comparison = z.infer<typeof comparisonSchema>;
