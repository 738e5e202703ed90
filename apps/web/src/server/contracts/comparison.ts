import { z } from "zod";
import { projectThresholdsSchema } from "./projects.ts";
import { runViewSchema } from "./runs.ts";

/** Response of GET /api/v1/runs/{id}/comparison, documented in the OpenAPI document. */

const sizeDelta = z.object({ base: z.number(), current: z.number(), deltaPct: z.number() }).nullable();
const timeDelta = z
  .object({
    base: z.number(),
    current: z.number(),
    deltaPct: z.number(),
    significant: z.boolean().describe("The runs' 95% confidence intervals of the median do not overlap."),
  })
  .nullable();
const lostFormat = z.object({
  key: z.string(),
  watched: z.boolean(),
  error: z.string().optional().describe("The current run's error for this format."),
});

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
    formats: z.array(
      z.object({
        key: z.string(),
        watched: z.boolean(),
        bytes: sizeDelta,
        gzip: sizeDelta,
        brotli: sizeDelta,
        zstd: sizeDelta,
        encode: timeDelta,
        decode: timeDelta,
        paths: z
          .array(z.object({ path: z.string(), base: z.number(), current: z.number(), delta: z.number() }))
          .optional()
          .describe(
            "The field paths (formats[].attribution) whose bytes changed most against the baseline, largest change first; absent when either run predates attribution.",
          ),
        pass: z.boolean(),
        sizeFail: z.boolean(),
        timeFail: z.boolean(),
      }),
    ),
    newlyFailing: z.array(lostFormat).describe("Formats that worked in the baseline and fail in this run."),
    missing: z
      .array(lostFormat)
      .describe("Formats that worked in the baseline and this run did not measure."),
    checks: z.array(
      z.object({
        name: z.enum(["size", "time", "formats"]),
        limitPct: z.number().nullable().describe("null for the formats check."),
        failing: z.array(z.string()),
        pass: z.boolean(),
      }),
    ),
    pass: z
      .boolean()
      .describe("False when a threshold is crossed or a watched format failed or went missing."),
    note: z.string().nullable(),
  })
  .meta({ id: "Comparison" });
