import { AppError } from "../app-error.ts";
import type { Caller } from "./authenticate.ts";
import type { Services } from "./container.ts";
import { runUrl } from "./get-run.ts";

/** A project's runs, newest first; only a token of that project may list them. */
export async function listRuns(
  services: Services,
  caller: Caller,
  opts: { branch?: string | undefined; limit: number },
) {
  if (!caller.projectId) throw new AppError("UNAUTHORIZED", "Listing runs needs a project token.");
  const runs = await services.prisma.run.findMany({
    where: { projectId: caller.projectId, ...(opts.branch ? { branch: opts.branch } : {}) },
    orderBy: { createdAt: "desc" },
    take: opts.limit,
    select: { id: true, status: true, branch: true, commit: true, createdAt: true, finishedAt: true },
  });
  return runs.map((r) => ({
    ...r,
    url: runUrl(services, r.id),
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}
