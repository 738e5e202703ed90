import type { ProjectThresholds } from "@wirebench/contracts";
import { checkFormatNames } from "./check-format-names.ts";
import type { Services } from "./container.ts";
import { getProject, projectView, storedThresholds } from "./get-project.ts";

type Patch = { [K in keyof ProjectThresholds]?: ProjectThresholds[K] | null };

/**
 * Merges a patch into the project's default thresholds: a given field replaces, `null` removes.
 * Format names are checked against the registry so a typo cannot silently watch nothing.
 */
export async function updateProjectThresholds(services: Services, projectId: string, patch: Patch) {
  if (patch.formats?.length) checkFormatNames(patch.formats, "thresholds.formats");
  const current = (await getProject(services, projectId)).thresholds as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete current[key];
    else if (value !== undefined) current[key] = value;
  }
  const updated = await services.prisma.project.update({
    where: { id: projectId },
    data: { thresholds: storedThresholds(current) },
  });
  return projectView(updated);
}
