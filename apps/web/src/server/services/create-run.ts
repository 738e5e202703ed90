import { type CreateRunRequest, type StoredRunOptions, storedRunOptionsSchema } from "@wirebench/contracts";
import { enqueueRun } from "@wirebench/jobs";
import { AppError } from "../app-error.ts";
import type { Caller } from "./authenticate.ts";
import { chargeProjectQuota } from "./charge-project-quota.ts";
import { checkBaselineRef } from "./check-baseline-ref.ts";
import { checkQueueDepth } from "./check-queue-depth.ts";
import type { Services } from "./container.ts";
import { runUrl } from "./get-run.ts";
import { newRunId } from "./ids.ts";
import { validateRunInput } from "./validate-run-input.ts";

/**
 * Refuses while the queue is full, validates the input against the named limits (and that a named
 * baseline can exist), spends one of the project's daily runs, writes the run as `queued`, then enqueues a job
 * that carries only its id. If Redis refuses the job the run is failed at once (503), so no run is
 * ever left queued without a job.
 */
export async function createRun(
  services: Services,
  caller: Caller,
  req: CreateRunRequest,
  sampleText: string | undefined,
) {
  // A full queue refuses before any parsing: the cheapest answer when the service is busiest.
  await checkQueueDepth(services);
  await validateRunInput(services.env, services.validation, req, sampleText);
  if (req.baseline) await checkBaselineRef(services, caller.projectId, req.baseline);
  await chargeProjectQuota(services, caller.projectId);
  const id = newRunId();
  const inputKind = sampleText !== undefined ? req.sampleFormat : req.schema!.kind;
  await services.prisma.run.create({
    data: {
      id,
      projectId: caller.projectId,
      inputKind,
      sampleText: sampleText ?? null,
      schemaText: req.schema?.text ?? null,
      formats: req.formats ?? [],
      options: storedOptions(services, req),
      branch: req.branch ?? null,
      commit: req.commit ?? null,
      pullRequest: req.pullRequest ?? null,
      message: req.message ?? null,
      baselineRef: req.baseline ?? null,
    },
  });
  try {
    await enqueueRun(services.queue, id);
  } catch (err) {
    await services.prisma.run.update({
      where: { id },
      data: { status: "failed", error: "The job queue (Redis) was unavailable.", finishedAt: new Date() },
    });
    throw new AppError(
      "UNAVAILABLE",
      `The job queue is unavailable (${(err as Error).message}); try again shortly.`,
    );
  }
  return { id, url: runUrl(services, id), status: "queued" as const };
}

/**
 * The run's options as stored for the worker: the request's, plus the schema's kind and root and
 * the limits the run was accepted under, so the worker applies the same ones. Parsed through the
 * contract the worker reads them with, so a row it cannot read is never written.
 */
function storedOptions(services: Services, req: CreateRunRequest): StoredRunOptions {
  const env = services.env;
  return storedRunOptionsSchema.parse({
    ...req.options,
    parseLimits: {
      maxDepth: env.WIREBENCH_MAX_DEPTH,
      maxKeys: env.WIREBENCH_MAX_KEYS,
      maxTotalKeys: env.WIREBENCH_MAX_TOTAL_KEYS,
      maxTotalObjects: env.WIREBENCH_MAX_TOTAL_OBJECTS,
    },
    ...(req.schema
      ? {
          schemaKind: req.schema.kind,
          ...(req.schema.rootType !== undefined ? { schemaRoot: req.schema.rootType } : {}),
          schemaLimits: {
            maxSchemaLeaves: env.WIREBENCH_MAX_SCHEMA_LEAVES,
            maxSchemaTypes: env.WIREBENCH_MAX_SCHEMA_TYPES,
          },
          maxSyntheticValues: env.WIREBENCH_MAX_SYNTHETIC_VALUES,
        }
      : {}),
  });
}
