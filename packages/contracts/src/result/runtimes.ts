import { z } from "zod";
import { runtimeIdSchema } from "../runtime/runtime-protocol.ts";
import { runInstructionsSchema } from "./instructions.ts";

/**
 * One runtime a run asked for (`--runtimes`, `options.runtimes`): whether it measured, its version as
 * it reports itself, and, when it could not (toolchain missing, setup not run), why. A missing
 * runtime is reported here, never as a failed run.
 */
export const runtimeStatusSchema = z.object({
  runtime: runtimeIdSchema,
  available: z.boolean(),
  /** `v20.20.2`, `Python 3.11.7`, `go1.26.8`, `OpenJDK 17.0.15`, `rustc 1.95.0`. */
  version: z.string().optional(),
  /** Library → exact version, as that runtime's package manager names it. */
  libraries: z.record(z.string(), z.string()).optional(),
  /** Why the runtime is unavailable or stopped (absent when it measured). */
  reason: z.string().optional(),
  /**
   * How this runtime's instruction counts were taken, or why they could not be (`metric:
   * "instructions"` with `runtimes`; docs/instructions.md "Other runtimes"). Absent otherwise.
   */
  instructions: runInstructionsSchema.optional(),
});
export type RuntimeStatus = z.infer<typeof runtimeStatusSchema>;

/**
 * Does each runtime write the same bytes for a format? For every format family measured in two or
 * more runtimes: which entries (ids) wrote exactly the bytes of the first, and which differ. A
 * family with entries named after two of Node's variants (`thrift-binary@go`, `thrift-compact@go`)
 * has one row per variant, each with that variant as its reference.
 */
export const crossRuntimeBytesSchema = z.object({
  format: z.string(),
  /**
   * The entry the others are compared with: the Node one when present (for MessagePack and CBOR
   * Node's minimal variant, `msgpackr-minimal`, `cbor-minimal`: the library defaults pad headers).
   * For JSON, `JSON.stringify(data model)` (bytes computed from the dataset's messages, which every
   * other runtime writes) when Node's `json` entry writes something else (the sample's own text).
   */
  reference: z.string(),
  same: z.array(z.string()),
  different: z.array(
    z.object({
      id: z.string(),
      bytes: z.number().int(),
      /**
       * Byte offset of the first difference in the first message; -1 when the first messages agree
       * and a later message differs.
       */
      firstDifferenceAt: z.number().int(),
    }),
  ),
});
export type CrossRuntimeBytes = z.infer<typeof crossRuntimeBytesSchema>;
