import type { CreateRunRequest } from "@wirebench/contracts";
import { parseSweepSizes } from "@wirebench/contracts/sweep";
import { planRunFormats } from "@wirebench/runtimes/formats";
import {
  checkRunInput,
  defaultSyntheticCount,
  type RunInputToCheck,
  type RunInputVerdict,
} from "@wirebench/schemas";
import type { WebEnv } from "../../env.ts";
import { AppError } from "../app-error.ts";
import type { ValidationPool } from "../validation/validation-pool.ts";

const bad = (message: string) => new AppError("BAD_REQUEST", message);

/** Schema kinds whose import runs an external compiler (thrift, flatc, capnp). */
const compiledKinds = new Set(["thrift", "fbs", "capnp"]);

/**
 * Format names are checked here, with the plan the worker follows (Node's registry and the formats of
 * the runtimes asked for), so a typo is a 400 naming the choices rather than a run the worker fails later.
 */
function checkFormats(req: CreateRunRequest): void {
  try {
    planRunFormats(req.formats, req.options.runtimes);
  } catch (err) {
    throw bad(`formats: ${(err as Error).message}`);
  }
}

/** A size sweep's sizes within WIREBENCH_SWEEP_MAX_SIZE and WIREBENCH_SWEEP_MAX_POINTS, or 400. */
function checkSweep(env: WebEnv, sweep: CreateRunRequest["options"]["sweep"]): void {
  if (!sweep) return;
  try {
    parseSweepSizes(
      sweep.sizes,
      { maxSize: env.WIREBENCH_SWEEP_MAX_SIZE, maxPoints: env.WIREBENCH_SWEEP_MAX_POINTS },
      "options.sweep.sizes",
    );
  } catch (err) {
    throw bad((err as Error).message);
  }
}

/** Each runtime once: `["go", "go"]` is a mistake to name, not a reason to measure Go twice. */
function checkRuntimes(runtimes: CreateRunRequest["options"]["runtimes"]): void {
  const twice = runtimes?.find((r, i) => runtimes.indexOf(r) !== i);
  if (twice) throw bad(`options.runtimes: ${twice} is named twice; name each runtime once.`);
}

/** The limits a run is validated against; stored with the run so the worker applies the same ones. */
function runInputLimits(env: WebEnv): RunInputToCheck["limits"] {
  return {
    maxDepth: env.WIREBENCH_MAX_DEPTH,
    maxKeys: env.WIREBENCH_MAX_KEYS,
    maxTotalKeys: env.WIREBENCH_MAX_TOTAL_KEYS,
    maxTotalObjects: env.WIREBENCH_MAX_TOTAL_OBJECTS,
    schema: {
      maxSchemaLeaves: env.WIREBENCH_MAX_SCHEMA_LEAVES,
      maxSchemaTypes: env.WIREBENCH_MAX_SCHEMA_TYPES,
    },
    maxSyntheticValues: env.WIREBENCH_MAX_SYNTHETIC_VALUES,
  };
}

/**
 * Rejects input the worker could only fail on, before any run row exists: unknown format names, a
 * schema that does not parse or expands past the size limits, synthetic data over its budget, bad
 * JSON in the sample (with line and column), nesting or key counts over the limits, a top-level
 * scalar, and a sample that does not follow the given schema. Input larger than
 * WIREBENCH_VALIDATE_INLINE_CHARS is checked on a worker thread with a deadline and a memory limit,
 * so one request's validation never holds the event loop every other request needs.
 */
export async function validateRunInput(
  env: WebEnv,
  pool: ValidationPool,
  req: CreateRunRequest,
  sampleText: string | undefined,
): Promise<void> {
  checkFormats(req);
  checkSweep(env, req.options.sweep);
  checkRuntimes(req.options.runtimes);
  const input: RunInputToCheck = {
    ...(req.schema ? { schema: req.schema } : {}),
    ...(sampleText !== undefined ? { sampleText } : {}),
    sampleFormat: req.sampleFormat,
    count: req.options.count ?? defaultSyntheticCount,
    limits: runInputLimits(env),
    settingNames: {
      leaves: "WIREBENCH_MAX_SCHEMA_LEAVES",
      types: "WIREBENCH_MAX_SCHEMA_TYPES",
      syntheticValues: "WIREBENCH_MAX_SYNTHETIC_VALUES",
    },
  };
  const size = (sampleText?.length ?? 0) + (req.schema?.text.length ?? 0);
  // A .thrift, .fbs or .capnp schema is imported by running its compiler: never on the event loop.
  const runsCompiler = req.schema !== undefined && compiledKinds.has(req.schema.kind);
  const verdict: RunInputVerdict =
    size <= env.WIREBENCH_VALIDATE_INLINE_CHARS && !runsCompiler
      ? checkRunInput(input)
      : await pool.check(input);
  if (!verdict.ok) throw bad(verdict.message);
}
