import { schemaKinds } from "@wirebench/schemas/detect";
import { z } from "zod";
import { runtimeIdSchema } from "../runtime/runtime-protocol.ts";
import { transportOptionSchema } from "./transport-option.ts";

// The schema languages a run accepts (`schema.kind`) are the ones the schema package reads
// (its dependency-free subpath), so the API cannot offer one the worker cannot import.

/** `options` of POST /api/v1/runs: how the run measures. */
export const runOptionsSchema = z
  .object({
    quick: z.boolean().optional().describe("Coarse timings in seconds instead of a full measurement."),
    metric: z
      .enum(["time", "instructions"])
      .optional()
      .describe(
        "instructions: also count instructions per call under callgrind (minutes; docs/instructions.md). Default time.",
      ),
    seed: z.number().int().optional().describe("Seed for synthetic data (schema-only runs)."),
    count: z.number().int().min(1).max(10_000).optional().describe("Synthetic messages (schema-only runs)."),
    sweep: z
      .object({
        sizes: z
          .array(z.number().int().min(1))
          .min(1)
          .describe(
            "Element counts to grow the repeated field to (at most WIREBENCH_SWEEP_MAX_POINTS of them).",
          ),
        path: z
          .string()
          .max(1_000)
          .optional()
          .describe("Dotted path of the repeated field; default the one with the most elements."),
      })
      .strict()
      .optional()
      .describe("Also run a size sweep (docs/framing.md): one quick comparison per size of the grown field."),
    runtimes: z
      .array(runtimeIdSchema)
      .min(1)
      .optional()
      .describe(
        "Runtimes to measure in (docs/polyglot.md): node, python, go, java, rust. Default [node]; a runtime whose toolchain is missing is reported unavailable in the result.",
      ),
    transport: transportOptionSchema
      .optional()
      .describe("Also measure every format end to end over HTTP/1.1, HTTP/2 and Redis Streams."),
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
  /** The worker's sweep bounds (WIREBENCH_SWEEP_MAX_*), handed to its preparation child. */
  sweepLimits: z.object({ maxSize: limit, maxPoints: limit }).optional(),
});
export type StoredRunOptions = z.infer<typeof storedRunOptionsSchema>;
