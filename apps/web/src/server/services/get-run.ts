import {
  crossRuntimeBytesSchema,
  type FormatResult,
  firstIssue,
  formatResultSchema,
  limitationSchema,
  progressSchema,
  type RunView,
  runEnvironmentSchema,
  runInstructionsSchema,
  runtimeStatusSchema,
  sweepOutcomeSchema,
  transportRunSchema,
} from "@wirebench/contracts";
import { z } from "zod";
import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

export const runUrl = (services: Services, id: string) =>
  `${services.env.PUBLIC_URL.replace(/\/$/, "")}/runs/${id}`;

/**
 * The run as the API and the share page show it: status, live progress, and the Result JSON
 * (docs/architecture.md, "Public contract"), its format entries in a stable order (format, variant,
 * then registry id), each read through the contract.
 */
export async function getRun(services: Services, id: string): Promise<RunView & { version: string }> {
  const run = await services.prisma.run.findUnique({
    where: { id },
    include: { results: { orderBy: [{ format: "asc" }, { variant: "asc" }, { formatId: "asc" }] } },
  });
  if (!run) throw new AppError("NOT_FOUND", `No run with id ${id}.`);
  return {
    id: run.id,
    url: runUrl(services, run.id),
    status: run.status,
    error: run.error,
    progress: storedProgress(run.progress),
    inputKind: run.inputKind,
    requestedFormats: run.formats,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    branch: run.branch,
    commit: run.commit,
    pullRequest: run.pullRequest,
    message: run.message,
    environment: storedEnvironment(run.environment),
    schema: irSchema.safeParse(run.ir).data ?? null,
    // A stored sweep that no longer matches the contract is left out rather than sent malformed.
    sweep: sweepOutcomeSchema.safeParse(run.sweep).data ?? null,
    // The stored IR keeps the importer's limitations; the Result JSON shows them at the top.
    ...limitationsOf(run.ir),
    ...transportOf(run.environment),
    ...runtimesOf(run.environment),
    ...instructionsOf(run.environment),
    formats: run.results.map(storedEntry),
    /** Changes whenever anything a client shows changes; the REST GET uses it as the ETag. */
    version: `${run.updatedAt.getTime()}-${run.results.length}`,
  };
}

/**
 * A stored entry read through the contract. One that does not match (written before a field became
 * required, or edited by hand) is shown as a failed entry saying why: never sent as something else.
 */
export function storedEntry(row: {
  formatId: string;
  format: string;
  variant: string;
  detail: unknown;
}): FormatResult {
  const parsed = formatResultSchema.safeParse(row.detail);
  if (parsed.success) return parsed.data;
  return {
    id: row.formatId,
    format: row.format,
    variant: row.variant,
    library: "",
    version: "",
    ok: false,
    error: `the stored result does not match the Result JSON contract (${firstIssue(parsed.error)})`,
    bytes: 0,
    compressed: { gzip: 0, brotli: 0, zstd: 0 },
    encode: null,
    decode: null,
    fidelity: { exact: false, issues: [] },
  };
}

/** Stages the contract knows; a stage a newer worker wrote and this server does not know is left out. */
function storedProgress(json: unknown): RunView["progress"] {
  const entries = Object.entries(typeof json === "object" && json !== null ? json : {});
  return Object.fromEntries(entries.filter(([k, v]) => progressSchema.safeParse({ [k]: v }).success));
}

/** The environment the worker stored; one that does not match the contract is not shown. */
function storedEnvironment(json: unknown): RunView["environment"] {
  if (json === null) return null;
  const parsed = runEnvironmentSchema.safeParse(json);
  if (!parsed.success) console.error("wirebench-web: a stored environment does not match the contract");
  return parsed.success ? parsed.data : null;
}

/** The stored IR is an object (encodeIr); anything else is not shown. */
const irSchema = z.record(z.string(), z.unknown());
const irLimitations = z.object({ limitations: z.array(limitationSchema).min(1) });
function limitationsOf(ir: unknown): Pick<RunView, "limitations"> {
  const parsed = irLimitations.safeParse(ir);
  return parsed.success ? { limitations: parsed.data.limitations } : {};
}

/** A transport run's link and settings, stored with the environment, are the Result's top-level `transport`. */
function transportOf(json: unknown): Pick<RunView, "transport"> {
  const parsed = transportRunSchema.safeParse((json as { transport?: unknown } | null)?.transport);
  return parsed.success ? { transport: parsed.data } : {};
}

const storedRuntimes = z.object({
  runtimes: z.array(runtimeStatusSchema).optional(),
  crossRuntime: z.array(crossRuntimeBytesSchema).optional(),
});
/**
 * The runtimes a polyglot run asked for and its cross-runtime byte comparison, stored with the
 * environment, are the Result's top-level `runtimes` and `crossRuntime`; absent for Node-only runs.
 */
function runtimesOf(json: unknown): Pick<RunView, "runtimes" | "crossRuntime"> {
  const parsed = storedRuntimes.safeParse(json ?? {});
  if (!parsed.success) return {};
  const { runtimes, crossRuntime } = parsed.data;
  return { ...(runtimes ? { runtimes } : {}), ...(crossRuntime ? { crossRuntime } : {}) };
}

/**
 * How instruction counts were taken (or why they were not), which the worker stores with the
 * environment, is the Result's top-level `instructions`, as `wirebench compare --json` writes it.
 */
function instructionsOf(json: unknown): Pick<RunView, "instructions"> {
  const parsed = runInstructionsSchema.safeParse((json as { instructions?: unknown } | null)?.instructions);
  return parsed.success ? { instructions: parsed.data } : {};
}
