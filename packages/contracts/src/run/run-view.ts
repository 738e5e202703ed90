import { z } from "zod";
import { formatResultSchema, limitationSchema } from "../result/format-result.ts";
import { runInstructionsSchema } from "../result/instructions.ts";
import { environmentSchema, noiseSchema } from "../result/result.ts";
import { crossRuntimeBytesSchema, runtimeStatusSchema } from "../result/runtimes.ts";
import { sweepOutcomeSchema } from "../result/sweep.ts";
import { transportRunSchema } from "../result/transport.ts";
import { progressSchema, runStatusSchema } from "./status.ts";

/**
 * The Result JSON's environment as a run stores it, with the run's noise figures alongside; a run
 * with `options.runtimes` also stores the Result's `runtimes` and `crossRuntime` here, which the run
 * view shows at its top level.
 */
export const runEnvironmentSchema = environmentSchema
  .extend({
    noise: noiseSchema.optional(),
    transport: transportRunSchema.optional(),
    runtimes: z.array(runtimeStatusSchema).optional(),
    crossRuntime: z.array(crossRuntimeBytesSchema).optional(),
    // The worker keeps how counts were taken here; GET /runs/{id} shows it as the Result's `instructions`.
    instructions: runInstructionsSchema.optional(),
  })
  .describe("Node version, library versions, CPU model, git commit, settings, and the run's noise.");
export type RunEnvironment = z.infer<typeof runEnvironmentSchema>;

/** A run as GET /api/v1/runs/{id}, the tRPC `runs.get` and the share page show it. */
export const runViewSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    status: runStatusSchema,
    error: z.string().nullable(),
    progress: progressSchema,
    inputKind: z.string(),
    requestedFormats: z.array(z.string()),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    branch: z.string().nullable(),
    commit: z.string().nullable(),
    pullRequest: z.number().int().nullable().describe("Pull request number the run was made for (CI)."),
    message: z.string().nullable().describe("Free text from CI, e.g. the commit subject."),
    environment: runEnvironmentSchema.nullable().describe("Null until the run completes."),
    schema: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe("The schema IR the run measured (shared types by reference); null until it is known."),
    limitations: z
      .array(limitationSchema)
      .optional()
      .describe("What the importer of the user's schema could not carry into the IR the other formats use."),
    formats: z
      .array(formatResultSchema)
      .describe(
        "The Result JSON entries, one per format variant, in the order format, variant, registry id.",
      ),
    sweep: sweepOutcomeSchema
      .nullable()
      .optional()
      .describe("The size sweep's points when the run asked for one (options.sweep), once completed."),
    transport: transportRunSchema
      .optional()
      .describe(
        "With options.transport: the link and message counts every formats[].transport was measured with.",
      ),
    runtimes: z
      .array(runtimeStatusSchema)
      .optional()
      .describe(
        "With options.runtimes, once completed: each runtime asked for, its version, or why it was unavailable.",
      ),
    crossRuntime: z
      .array(crossRuntimeBytesSchema)
      .optional()
      .describe(
        "With options.runtimes, once completed: per format family measured in two or more runtimes, which entries wrote the same bytes as the reference entry and where the others first differ.",
      ),
    instructions: runInstructionsSchema
      .optional()
      .describe(
        "With options.metric instructions: how the counts were taken, or why valgrind was unavailable (docs/instructions.md).",
      ),
  })
  .meta({ id: "Run" });
export type RunView = z.infer<typeof runViewSchema>;

/** One row of a project's run list (tRPC `runs.list`). */
export const runListItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  status: runStatusSchema,
  branch: z.string().nullable(),
  commit: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RunListItem = z.infer<typeof runListItemSchema>;
