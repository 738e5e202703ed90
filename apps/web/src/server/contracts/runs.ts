import { formatResultSchema, limitationSchema } from "@wirebench/contracts";
import { z } from "zod";

/**
 * Public contract of the run API (docs/architecture.md, "Public contract"); the OpenAPI document is
 * generated from these.
 */

export const runStatusSchema = z.enum(["queued", "running", "completed", "failed", "canceled"]);
export const formatStageSchema = z.enum(["queued", "generating", "verifying", "measuring", "done", "failed"]);

const createRunFields = z
  .object({
    sample: z
      .unknown()
      .optional()
      .describe("The JSON sample: any JSON value, or its text (NDJSON text with sampleFormat ndjson)."),
    sampleFormat: z.enum(["json", "ndjson"]).default("json"),
    schema: z
      .object({
        kind: z.enum(["jsonschema", "proto", "avsc", "thrift", "fbs", "capnp"]),
        text: z.string().min(1),
        rootType: z
          .string()
          .min(1)
          .max(255)
          .optional()
          .describe(
            "With a proto, thrift, fbs or capnp schema: the type each message is (default: a .fbs root_type, else the one no other type uses).",
          ),
      })
      .optional()
      .describe("A schema the sample follows, or from which synthetic data is made when there is no sample."),
    formats: z.array(z.string().min(1)).max(64).optional().describe("Format ids to run; all when absent."),
    options: z
      .object({
        quick: z.boolean().optional().describe("Coarse timings in seconds instead of a full measurement."),
        seed: z.number().int().optional().describe("Seed for synthetic data (schema-only runs)."),
        count: z
          .number()
          .int()
          .min(1)
          .max(10_000)
          .optional()
          .describe("Synthetic messages (schema-only runs)."),
      })
      .strict()
      .default({}),
    branch: z.string().max(255).optional(),
    commit: z.string().max(64).optional(),
    pullRequest: z.number().int().positive().optional(),
    message: z.string().max(2_000).optional(),
    baseline: z
      .string()
      .max(255)
      .optional()
      .describe("A run id, or a branch whose latest completed run is used."),
  })
  .strict();

const needsInput = { message: "give a sample, a schema, or both" };

export const createRunRequestSchema = createRunFields
  .refine((r) => r.sample !== undefined || r.schema !== undefined, needsInput)
  .meta({ id: "CreateRunRequest" });
export type CreateRunRequest = z.infer<typeof createRunRequestSchema>;

/** The browser sends the sample as text it read from a file or the text box (tRPC). */
export const createRunInputSchema = createRunFields
  .extend({ sampleText: z.string().optional() })
  .refine((r) => r.sample !== undefined || r.sampleText !== undefined || r.schema !== undefined, needsInput);

export const createRunResponseSchema = z
  .object({
    id: z.string().describe("Unguessable run id (at least 128 random bits)."),
    url: z.string().describe("Share page of the run."),
    status: runStatusSchema,
  })
  .meta({ id: "CreateRunResponse" });

export const errorBodySchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: "Error" });

export const runViewSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    status: runStatusSchema,
    error: z.string().nullable(),
    progress: z
      .record(z.string(), formatStageSchema)
      .describe("Stage of each format variant while the run goes on."),
    inputKind: z.string(),
    requestedFormats: z.array(z.string()),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    branch: z.string().nullable(),
    commit: z.string().nullable(),
    pullRequest: z.number().int().nullable().describe("Pull request number the run was made for (CI)."),
    message: z.string().nullable().describe("Free text from CI, e.g. the commit subject."),
    environment: z.unknown().describe("Node version, library versions, CPU model, git commit."),
    schema: z.unknown().describe("The schema IR the run measured."),
    limitations: z
      .array(limitationSchema)
      .optional()
      .describe("What the importer of the user's schema could not carry into the IR the other formats use."),
    formats: z.array(formatResultSchema).describe("The Result JSON entries, one per format variant."),
  })
  .meta({ id: "Run" });
