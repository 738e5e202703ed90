import { z } from "zod";
import { runStatuses } from "../steps.ts";
import { formatResultSchema, limitationSchema } from "./format-result.ts";
import { runInstructionsSchema } from "./instructions.ts";
import { crossRuntimeBytesSchema, runtimeStatusSchema } from "./runtimes.ts";
import { transportRunSchema } from "./transport.ts";

/**
 * Result JSON (docs/architecture.md, "Public contract"): the stable shape shared by
 * `wirebench compare --json`, the worker and REST. New fields are optional additions with a doc
 * comment (extend freely, never rename).
 */

export const environmentSchema = z.object({
  node: z.string(),
  v8: z.string(),
  platform: z.string(),
  arch: z.string(),
  cpuModel: z.string(),
  cpuCount: z.number().int(),
  totalMemoryMb: z.number(),
  gitCommit: z.string().nullable(),
  libraries: z.record(z.string(), z.string()),
  compilers: z.record(z.string(), z.string()).optional(),
  settings: z.record(z.string(), z.unknown()),
  startedAt: z.string(),
  durationMs: z.number(),
});
export type Environment = z.infer<typeof environmentSchema>;

export const noiseSchema = z.object({
  /** Median over formats and operations of the relative spread of per-process medians. */
  betweenProcesses: z.number().nullable(),
  /** Median over formats and operations of the relative spread of per-round medians. */
  betweenRounds: z.number().nullable(),
  /** Median over formats and operations of the relative CI width ((high - low) / median). */
  ciWidth: z.number().nullable(),
});

export const resultSchema = z.object({
  id: z.string().optional(),
  status: z.enum(runStatuses),
  environment: environmentSchema,
  formats: z.array(formatResultSchema),
  noise: noiseSchema.optional(),
  dataset: z.object({ messages: z.number().int(), schemaName: z.string() }).optional(),
  /**
   * What the importer of the user's schema (.proto, .avsc, JSON Schema) could not carry into the
   * schema IR that feeds the other formats (a oneof, a proto2 default, an Avro logical type, a JSON
   * Schema pattern); the format the schema was written in still measures it as written.
   */
  limitations: z.array(limitationSchema).optional(),
  /** Present when formats were measured over transports: the link and settings they share. */
  transport: transportRunSchema.optional(),
  /** How instruction counts were taken, or why they could not be (`metric: "instructions"`); absent otherwise. */
  instructions: runInstructionsSchema.optional(),
  /** The runtimes asked for (`--runtimes`), each measured or said unavailable; absent for Node-only runs. */
  runtimes: z.array(runtimeStatusSchema).optional(),
  /** Same bytes in every runtime? One row per format family measured in two or more runtimes. */
  crossRuntime: z.array(crossRuntimeBytesSchema).optional(),
});
export type Result = z.infer<typeof resultSchema>;
