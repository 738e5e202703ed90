import { schemaKinds } from "@wirebench/schemas/detect";
import { z } from "zod";

// The schema languages a run accepts (`schema.kind`) are the ones the schema package reads
// (its dependency-free subpath), so the API cannot offer one the worker cannot import.

/** `options` of POST /api/v1/runs: how the run measures. */
export const runOptionsSchema = z
  .object({
    quick: z.boolean().optional().describe("Coarse timings in seconds instead of a full measurement."),
    seed: z.number().int().optional().describe("Seed for synthetic data (schema-only runs)."),
    count: z.number().int().min(1).max(10_000).optional().describe("Synthetic messages (schema-only runs)."),
  })
  .strict()
  .meta({ id: "RunOptions" });
export type RunRequestOptions = z.infer<typeof runOptionsSchema>;

const limit = z.number().int().positive();

/**
 * What the web stores with a run (`runs.options`) and the worker reads back: the request's options
 * plus the schema it came with and the limits the run was accepted under, so the worker applies the
 * same ones. Validated when written and when read.
 */
export const storedRunOptionsSchema = z.object({
  ...runOptionsSchema.shape,
  schemaKind: z.enum(schemaKinds).optional(),
  /** The schema's root type, when the request named one (`schema.rootType`). */
  schemaRoot: z.string().min(1).optional(),
  /** Sample limits: depth, keys per object, keys and objects in all. */
  parseLimits: z
    .object({ maxDepth: limit, maxKeys: limit, maxTotalKeys: limit, maxTotalObjects: limit })
    .partial()
    .optional(),
  schemaLimits: z.object({ maxSchemaLeaves: limit, maxSchemaTypes: limit }).partial().optional(),
  maxSyntheticValues: limit.optional(),
});
export type StoredRunOptions = z.infer<typeof storedRunOptionsSchema>;
