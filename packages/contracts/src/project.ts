import { z } from "zod";

const pct = z.number().min(0).max(1_000_000);
const formatNames = z.array(z.string().min(1).max(64)).max(64);

/** A project's default thresholds; a comparison's query overrides them field by field. */
export const projectThresholdsSchema = z
  .object({
    maxRegressionPct: pct.optional().describe("Largest allowed size growth (raw and compressed), %."),
    maxTimeRegressionPct: pct.optional().describe("Largest allowed significant slow-down, %."),
    maxInstructionRegressionPct: pct
      .optional()
      .describe(
        "Largest allowed rise of an instruction count per call (metric instructions), %. A run that counted is judged at 1 % when neither this nor the query sets it.",
      ),
    formats: formatNames
      .optional()
      .describe(
        "Formats (ids or format names) the thresholds and the missing-format check watch; all when absent.",
      ),
  })
  .strict()
  .meta({ id: "ProjectThresholds" });
export type ProjectThresholds = z.infer<typeof projectThresholdsSchema>;

/** PATCH body: a field given replaces the stored one, `null` removes it, an absent field is kept. */
export const updateProjectRequestSchema = z
  .object({
    thresholds: z
      .object({
        maxRegressionPct: pct.nullable().optional(),
        maxTimeRegressionPct: pct.nullable().optional(),
        maxInstructionRegressionPct: pct.nullable().optional(),
        formats: formatNames.nullable().optional(),
      })
      .strict()
      .describe("Default thresholds for comparisons that do not set their own; `null` clears a field."),
  })
  .strict()
  .meta({ id: "UpdateProjectRequest" });
export type UpdateProjectRequest = z.infer<typeof updateProjectRequestSchema>;

export const projectViewSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    createdAt: z.string(),
    thresholds: projectThresholdsSchema,
  })
  .meta({ id: "Project" });
export type ProjectView = z.infer<typeof projectViewSchema>;

export const createProjectRequestSchema = z
  .object({ name: z.string().min(1).max(100) })
  .strict()
  .meta({ id: "CreateProjectRequest" });

export const createProjectResponseSchema = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), token: z.string().describe("Shown once.") })
  .meta({ id: "CreatedProject" });
export type CreateProjectResponse = z.infer<typeof createProjectResponseSchema>;
