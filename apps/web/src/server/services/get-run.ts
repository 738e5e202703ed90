import type { Limitation } from "@wirebench/contracts";
import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

export const runUrl = (services: Services, id: string) =>
  `${services.env.PUBLIC_URL.replace(/\/$/, "")}/runs/${id}`;

/**
 * The run as the API and the share page show it: status, live progress, and the Result JSON
 * (docs/architecture.md, "Public contract"), its format entries in a stable order: format, variant,
 * then registry id.
 */
export async function getRun(services: Services, id: string) {
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
    progress: run.progress as Record<string, string>,
    inputKind: run.inputKind,
    requestedFormats: run.formats,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    branch: run.branch,
    commit: run.commit,
    pullRequest: run.pullRequest,
    message: run.message,
    environment: run.environment ?? null,
    schema: run.ir ?? null,
    // The stored IR keeps the importer's limitations; the Result JSON shows them at the top.
    ...limitationsOf(run.ir),
    formats: run.results.map(
      (r) => r.detail ?? { id: r.formatId, format: r.format, variant: r.variant, ok: r.ok, error: r.error },
    ),
    /** Changes whenever anything a client shows changes; the REST GET uses it as the ETag. */
    version: `${run.updatedAt.getTime()}-${run.results.length}`,
  };
}
function limitationsOf(ir: unknown): { limitations?: Limitation[] } {
  const ls = (ir as { limitations?: Limitation[] } | null)?.limitations;
  return Array.isArray(ls) && ls.length > 0 ? { limitations: ls } : {};
}

export type RunView = Awaited<ReturnType<typeof getRun>>;
