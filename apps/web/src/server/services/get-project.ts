import { type ProjectThresholds, type ProjectView, projectThresholdsSchema } from "@wirebench/contracts";
import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

/**
 * The project with its default thresholds. Stored thresholds are read through the schema, so a
 * hand-edited row with stray fields shows (and is used) as the valid part only.
 */
export async function getProject(services: Services, projectId: string) {
  const p = await services.prisma.project.findUnique({ where: { id: projectId } });
  if (!p) throw new AppError("NOT_FOUND", "This token's project no longer exists.");
  return projectView(p);
}

/** A project row as the API shows it. */
export function projectView(p: {
  id: string;
  slug: string;
  name: string;
  createdAt: Date;
  thresholds: unknown;
}): ProjectView {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    thresholds: storedThresholds(p.thresholds),
  };
}

export function storedThresholds(json: unknown): ProjectThresholds {
  const parsed = projectThresholdsSchema.strip().safeParse(json ?? {});
  return parsed.success ? parsed.data : {};
}
