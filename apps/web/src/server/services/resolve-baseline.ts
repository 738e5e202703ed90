import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

/**
 * A run id, or a branch name whose latest completed run in the project is used. Branches are looked
 * up only for the project's own token holders (`branchesAllowed`): a share link reaches its own run
 * and runs named by id, never the latest run of a branch, and a refused branch reads exactly like a
 * missing one.
 */
export async function resolveBaseline(
  services: Services,
  run: { id: string },
  projectId: string | null,
  ref: string,
  branchesAllowed: boolean,
) {
  const byId = await services.prisma.run.findUnique({
    where: { id: ref },
    select: { id: true, status: true },
  });
  if (byId) {
    if (byId.status !== "completed")
      throw new AppError("BAD_REQUEST", `Baseline run ${ref} is ${byId.status}.`);
    return byId.id;
  }
  if (!projectId || !branchesAllowed)
    throw new AppError(
      "NOT_FOUND",
      `Baseline "${ref}" is not a run id; naming a branch as baseline needs a token of the run's project.`,
    );
  const latest = await services.prisma.run.findFirst({
    where: { projectId, branch: ref, status: "completed", id: { not: run.id } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!latest)
    throw new AppError(
      "NOT_FOUND",
      `Baseline "${ref}" is neither a run id nor a branch with a completed run in this project.`,
    );
  return latest.id;
}

export const runExists = async (services: Services, id: string) =>
  (await services.prisma.run.findUnique({ where: { id }, select: { id: true } })) !== null;
