import { schemaKinds } from "@wirebench/schemas/detect";
import { z } from "zod";
import { runOptionsSchema } from "./run-options.ts";
import { runStatusSchema } from "./status.ts";

const createRunFields = z
  .object({
    sample: z
      .unknown()
      .optional()
      .describe("The JSON sample: any JSON value, or its text (NDJSON text with sampleFormat ndjson)."),
    sampleFormat: z.enum(["json", "ndjson"]).default("json"),
    schema: z
      .object({
        kind: z.enum(schemaKinds),
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
    options: runOptionsSchema.default({}),
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

/** Body of POST /api/v1/runs. */
export const createRunRequestSchema = createRunFields
  .refine((r) => r.sample !== undefined || r.schema !== undefined, needsInput)
  .meta({ id: "CreateRunRequest" });
export type CreateRunRequest = z.infer<typeof createRunRequestSchema>;

/** The browser's create (tRPC): the same fields, the sample also as the text it read from a file or the text box. */
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
export type CreateRunResponse = z.infer<typeof createRunResponseSchema>;
