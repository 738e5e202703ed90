import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

/**
 * Refuses, before anything is measured, a baseline that can never resolve: no run has that id and
 * the project has no run on a branch of that name. A branch whose only run is still going passes,
 * since it may well be complete by the time this run is compared (CI jobs often run side by side).
 * A 400 here (a request field naming nothing), where the comparison endpoint answers 404.
 */
export async function checkBaselineRef(services: Services, projectId: string | null, ref: string) {
  const byId = await services.prisma.run.findUnique({ where: { id: ref }, select: { id: true } });
  if (byId) return;
  if (!projectId)
    throw new AppError(
      "BAD_REQUEST",
      `baseline: "${ref}" is not a run id, and only a project's runs can name a branch as baseline.`,
    );
  const onBranch = await services.prisma.run.findFirst({
    where: { projectId, branch: ref },
    select: { id: true },
  });
  if (!onBranch)
    throw new AppError(
      "BAD_REQUEST",
      `baseline: "${ref}" is neither a run id nor a branch with any run in this project.`,
    );
}
