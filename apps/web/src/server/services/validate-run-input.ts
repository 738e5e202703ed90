import { importSchema, loadDataset } from "@wirebench/codecs/load-dataset";
import { checkJsonShape, inferSchema, JsonInputError } from "@wirebench/schemas";
import type { WebEnv } from "../../env.ts";
import { AppError } from "../app-error.ts";
import type { CreateRunRequest } from "../contracts/runs.ts";
import { checkFormatNames } from "./check-format-names.ts";

const bad = (message: string) => new AppError("BAD_REQUEST", message);

/**
 * Format names are checked against the registry here, so a typo is a 400 naming the choices rather
 * than a run the worker fails later.
 */
function checkFormats(formats: string[] | undefined): void {
  if (!formats?.length) return;
  if (checkFormatNames(formats, "formats").length === 0)
    throw bad("formats: no format named; leave formats out to run them all.");
}

/**
 * The schema goes through the same importer the worker uses. JSON-based schemas are shape-checked
 * first with the sample's limits because the importers recurse; a .proto has no such pre-check, so a
 * stack overflow from absurd nesting is reported as bad input rather than a 500.
 */
function checkSchema(env: WebEnv, schema: NonNullable<CreateRunRequest["schema"]>): void {
  try {
    if (schema.kind !== "proto")
      checkJsonShape(schema.text, { maxDepth: env.WIREBENCH_MAX_DEPTH, maxKeys: env.WIREBENCH_MAX_KEYS });
    importSchema(schema);
  } catch (err) {
    if (err instanceof RangeError) throw bad(`schema: nested too deeply to read (${schema.kind}).`);
    throw bad(`schema: ${(err as Error).message}`);
  }
}

/**
 * Rejects input the worker could only fail on, before any run row exists: unknown format names, a
 * schema that does not parse, bad JSON in the sample (with line and column), nesting or key counts
 * over the limits, a top-level scalar, and a sample that does not follow the given schema.
 */
export function validateRunInput(env: WebEnv, req: CreateRunRequest, sampleText: string | undefined): void {
  checkFormats(req.formats);
  if (req.schema) checkSchema(env, req.schema);
  if (sampleText === undefined) return;
  if (!sampleText.trim()) throw bad("sample is empty.");
  const limits = { maxDepth: env.WIREBENCH_MAX_DEPTH, maxKeys: env.WIREBENCH_MAX_KEYS };
  if (!req.schema) {
    try {
      // The schema alone: every error inferDataset would raise, without building the data tree the
      // worker builds anyway.
      inferSchema(sampleText, { sampleFormat: req.sampleFormat, limits });
    } catch (err) {
      if (err instanceof JsonInputError) throw bad(`sample: ${err.message}`);
      throw err;
    }
    return;
  }
  try {
    // What the worker will do, with the web's limits: one parse checks the JSON and the schema.
    loadDataset({ text: sampleText, sampleFormat: req.sampleFormat, schema: req.schema, limits });
  } catch (err) {
    if (err instanceof RangeError) throw bad("sample: nested too deeply to read against the schema.");
    throw bad(`sample: ${(err as Error).message}`);
  }
}
