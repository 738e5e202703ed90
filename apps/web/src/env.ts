import { dbEnv } from "@wirebench/db/env";
import { queueEnv } from "@wirebench/jobs/env";
import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every setting of the web app, with the default that works on a developer machine: the database
 * and queue slices of @wirebench/db and @wirebench/jobs, then the app's own.
 */
export const webEnvSchema = z.object({
  ...dbEnv.shape,
  ...queueEnv.shape,
  /** Public base URL used in share links. */
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  /** Largest request body (sample plus schema) accepted, in bytes: 8 MiB. */
  WIREBENCH_MAX_INPUT_BYTES: positiveInt(8 * 1024 * 1024),
  /** Deepest nesting of arrays and objects accepted in a sample. */
  WIREBENCH_MAX_DEPTH: positiveInt(256),
  /** Most keys accepted in one object of a sample. */
  WIREBENCH_MAX_KEYS: positiveInt(100_000),
  /** Most keys accepted in a whole sample, over all its objects. */
  WIREBENCH_MAX_TOTAL_KEYS: positiveInt(2_000_000),
  /** Most objects accepted in a whole sample. */
  WIREBENCH_MAX_TOTAL_OBJECTS: positiveInt(1_000_000),
  /** Most leaf fields one message of a schema may have once its shared ($ref, named) types are expanded. */
  WIREBENCH_MAX_SCHEMA_LEAVES: positiveInt(100_000),
  /** Most distinct records, enums and unions in one schema. */
  WIREBENCH_MAX_SCHEMA_TYPES: positiveInt(10_000),
  /** Most values the synthetic data of a schema-only run may have: `count` × the most one message can hold. */
  WIREBENCH_MAX_SYNTHETIC_VALUES: positiveInt(2_000_000),
  /** Size sweeps (options.sweep): largest size and most sizes a run may ask for; more gets 400. */
  WIREBENCH_SWEEP_MAX_SIZE: positiveInt(1_000_000),
  WIREBENCH_SWEEP_MAX_POINTS: positiveInt(8),
  /** Input (sample plus schema, in characters) up to which validation runs inline; larger goes to a thread. */
  WIREBENCH_VALIDATE_INLINE_CHARS: z.coerce.number().int().min(0).default(16_384),
  /** Worker threads that validate large input off the event loop. */
  WIREBENCH_VALIDATE_THREADS: positiveInt(2),
  /** A validation still running this long after the request arrived is stopped and refused (413). */
  WIREBENCH_VALIDATE_TIMEOUT_MS: positiveInt(10_000),
  /** Heap (old generation) one validation thread may use, in MB; past it the validation is refused (413). */
  WIREBENCH_VALIDATE_MEMORY_MB: positiveInt(512),
  /** Validations that may wait for a thread; one more is refused with 503 and Retry-After. */
  WIREBENCH_VALIDATE_QUEUE: positiveInt(8),
  /** Runs a client may create per window, per token and per IP. */
  WIREBENCH_RATE_LIMIT_CREATE: positiveInt(30),
  /** Reads a client may make per window, per token and per IP (polling included). */
  WIREBENCH_RATE_LIMIT_READ: positiveInt(600),
  /** Live tokens a project may hold; a revoked one still counts for a day, so minting cannot buy budgets. */
  WIREBENCH_MAX_TOKENS_PER_PROJECT: positiveInt(10),
  /** Projects one client address may create per day when no admin token is set. */
  WIREBENCH_PROJECTS_PER_DAY: positiveInt(10),
  /** Runs one project may create per day, whichever of its tokens asks. */
  WIREBENCH_PROJECT_RUNS_PER_DAY: positiveInt(1_000),
  /** Jobs that may wait in the queue; past it, creating a run answers 503 with Retry-After. */
  WIREBENCH_MAX_QUEUE_DEPTH: positiveInt(500),
  /** When set, creating a project needs `Authorization: Bearer <this>`; unset, anyone who reaches the server may. */
  WIREBENCH_ADMIN_TOKEN: z.string().min(16).optional(),
  /** Length of the rate-limit window, in seconds. */
  WIREBENCH_RATE_LIMIT_WINDOW_S: positiveInt(60),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For. 0 (the default) ignores
   * X-Forwarded-For and X-Real-IP, since any client can send them; `true` means 1.
   */
  WIREBENCH_TRUST_PROXY: z
    .string()
    .trim()
    .toLowerCase()
    .default("0")
    .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v)))
    .pipe(z.number({ error: "must be true, false or a number of proxy hops" }).int().min(0).max(16)),
});

export type WebEnv = z.infer<typeof webEnvSchema>;

export function parseWebEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  const result = webEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid environment: ${lines.join("; ")}`);
}
