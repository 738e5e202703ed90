import { z } from "zod";
import { formatResultSchema } from "./format-result.ts";
import { environmentSchema } from "./result.ts";

/**
 * The size sweep (`wirebench sweep`, REST `options.sweep`): one message whose repeated field at
 * `path` is grown to each size, every format measured at every size (quick timings).
 */

/** Figures of one format at one size divided by the number of elements. */
export const perElementSchema = z.object({
  id: z.string(),
  bytes: z.number(),
  zstd: z.number(),
  /** Median encode/decode time per element in ns; null without timings or when the format failed. */
  encodeNs: z.number().nullable(),
  decodeNs: z.number().nullable(),
});
export type PerElement = z.infer<typeof perElementSchema>;

export const sweepPointSchema = z.object({
  /** Elements in the grown field. */
  size: z.number().int(),
  /** The usual format entries for the one grown message (`ok: false` with `error` where it failed). */
  formats: z.array(formatResultSchema),
  /** Per-element figures of the formats that succeeded. */
  perElement: z.array(perElementSchema),
});
export type SweepPoint = z.infer<typeof sweepPointSchema>;

export const sweepResultSchema = z.object({
  /** Dotted field path of the grown repeated field ("" when the message itself is the array). */
  path: z.string(),
  /** Elements that field held in the sample. */
  sampleLength: z.number().int(),
  points: z.array(sweepPointSchema),
  environment: environmentSchema.optional(),
});
export type SweepResult = z.infer<typeof sweepResultSchema>;

/** What a run that asked for a sweep stores: its result, or why it could not run (no such field). */
export const sweepOutcomeSchema = z.union([sweepResultSchema, z.object({ error: z.string() })]);
export type SweepOutcome = z.infer<typeof sweepOutcomeSchema>;
