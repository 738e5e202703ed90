import type { Services } from "./container.ts";
import { consumeOrRefuse } from "./rate-limit.ts";

/**
 * Spends one of the project's WIREBENCH_PROJECT_RUNS_PER_DAY runs. Charged to the project, not the
 * token, so however many tokens a project mints it gets one daily budget. Anonymous runs have no
 * project; their address's rate limit and the retention sweep bound them instead.
 */
export async function chargeProjectQuota(services: Services, projectId: string | null): Promise<void> {
  if (!projectId) return;
  const quota = services.env.WIREBENCH_PROJECT_RUNS_PER_DAY;
  await consumeOrRefuse(
    services.limits.projectRunsPerDay,
    projectId,
    `This project has used its ${quota} runs for the day (WIREBENCH_PROJECT_RUNS_PER_DAY)`,
  );
}
