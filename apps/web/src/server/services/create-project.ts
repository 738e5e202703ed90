import { AppError } from "../app-error.ts";
import { hashToken } from "./authenticate.ts";
import type { Services } from "./container.ts";
import { newApiToken, newId } from "./ids.ts";

export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
}

/** Creates a project and its first API token; the token is returned once and only its hash is kept. */
export async function createProject(services: Services, name: string) {
  const slug = slugify(name);
  if (!slug) throw new AppError("BAD_REQUEST", "A project name needs at least one letter or digit.");
  const existing = await services.prisma.project.findUnique({ where: { slug } });
  if (existing) throw new AppError("BAD_REQUEST", `A project named "${slug}" exists already.`);
  const token = newApiToken();
  const project = await services.prisma.project.create({
    data: {
      id: newId(),
      slug,
      name,
      tokens: { create: { id: newId(), tokenHash: hashToken(token), prefix: token.slice(0, 7) } },
    },
  });
  return { id: project.id, slug: project.slug, name: project.name, token };
}

const dayMs = 86_400_000;

/**
 * A new token for the project, up to WIREBENCH_MAX_TOKENS_PER_PROJECT. Each verified token has its
 * own rate-limit budget, so the cap counts live tokens and any made in the last day (revoked or not):
 * minting and revoking in a loop cannot buy fresh budgets.
 */
export async function createToken(services: Services, projectId: string) {
  const max = services.env.WIREBENCH_MAX_TOKENS_PER_PROJECT;
  const counted = await services.prisma.apiToken.count({
    where: { projectId, OR: [{ revokedAt: null }, { createdAt: { gt: new Date(Date.now() - dayMs) } }] },
  });
  if (counted >= max)
    throw new AppError(
      "FORBIDDEN",
      `This project has ${counted} tokens (live, or made in the last day); the limit is ${max} (WIREBENCH_MAX_TOKENS_PER_PROJECT). A revoked token frees its place a day after it was made.`,
    );
  const token = newApiToken();
  const row = await services.prisma.apiToken.create({
    data: { id: newId(), projectId, tokenHash: hashToken(token), prefix: token.slice(0, 7) },
  });
  return { id: row.id, prefix: row.prefix, token };
}

export async function revokeToken(services: Services, projectId: string, tokenId: string) {
  const res = await services.prisma.apiToken.updateMany({
    where: { id: tokenId, projectId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (res.count === 0) throw new AppError("NOT_FOUND", "No live token with that id in this project.");
}
