import { inferDataset, JsonInputError, parseJsonLossless } from "@wirebench/schemas";
import type { WebEnv } from "../../env.ts";
import { AppError } from "../app-error.ts";
import type { CreateRunRequest } from "../contracts/runs.ts";

/**
 * Rejects a sample the schema engine could not read before any run row exists: bad JSON (with line
 * and column), nesting or key counts over the limits, a top-level scalar. Without a schema the sample
 * is inferred here (the worker would fail the same way); with one, it is only parsed, since it is read
 * against that schema. The schema text itself is checked by the worker with the format's own parser.
 */
export function validateRunInput(env: WebEnv, req: CreateRunRequest, sampleText: string | undefined): void {
  if (sampleText === undefined) return;
  if (!sampleText.trim()) throw new AppError("BAD_REQUEST", "sample is empty.");
  const limits = { maxDepth: env.WIREBENCH_MAX_DEPTH, maxKeys: env.WIREBENCH_MAX_KEYS };
  try {
    if (!req.schema) inferDataset(sampleText, { sampleFormat: req.sampleFormat, limits });
    else if (req.sampleFormat === "json") parseJsonLossless(sampleText, limits);
    else for (const line of sampleText.split("\n")) if (line.trim()) parseJsonLossless(line, limits);
  } catch (err) {
    if (err instanceof JsonInputError) throw new AppError("BAD_REQUEST", `sample: ${err.message}`);
    throw err;
  }
}
