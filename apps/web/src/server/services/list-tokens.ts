import type { TokenView } from "@wirebench/contracts";
import type { Services } from "./container.ts";

/** A project's tokens, newest first, revoked ones included; the hash never leaves the database. */
export async function listTokens(services: Services, projectId: string): Promise<TokenView[]> {
  const rows = await services.prisma.apiToken.findMany({
    where: { projectId },
    orderBy: { createdAt: "desc" },
    select: { id: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return rows.map((t) => ({
    id: t.id,
    prefix: t.prefix,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  }));
}
