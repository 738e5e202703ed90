import { z } from "zod";

/** Public contract of the project endpoints; the OpenAPI document is generated from these. */

const pct = z.number().min(0).max(1_000_000);

export const projectThresholdsSchema = z
  .object({
    maxRegressionPct: pct.optional().describe("Largest allowed size growth (raw and compressed), %."),
    maxTimeRegressionPct: pct.optional().describe("Largest allowed significant slow-down, %."),
    formats: z
      .array(z.string().min(1).max(64))
      .max(64)
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
        formats: z.array(z.string().min(1).max(64)).max(64).nullable().optional(),
      })
      .strict()
      .describe("Default thresholds for comparisons that do not set their own; `null` clears a field."),
  })
  .strict()
  .meta({ id: "UpdateProjectRequest" });

export const projectViewSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    createdAt: z.string(),
    thresholds: projectThresholdsSchema,
  })
  .meta({ id: "Project" });

export const tokenViewSchema = z
  .object({
    id: z.string(),
    prefix: z.string().describe("First characters of the token, to tell tokens apart."),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: "ApiToken" });

export const tokenListSchema = z.object({ tokens: z.array(tokenViewSchema) }).meta({ id: "ApiTokenList" });

export const createProjectResponseSchema = z
  .object({ id: z.string(), slug: z.string(), name: z.string(), token: z.string().describe("Shown once.") })
  .meta({ id: "CreatedProject" });

export const createTokenResponseSchema = z
  .object({ id: z.string(), prefix: z.string(), token: z.string().describe("Shown once.") })
  .meta({ id: "CreatedToken" });
