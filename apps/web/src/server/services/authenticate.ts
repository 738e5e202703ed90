import { createHash } from "node:crypto";
import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const lastUsedPrecisionMs = 60_000;

export interface Caller {
  projectId: string | null;
  tokenId: string | null;
}

/**
 * No Authorization header: an anonymous caller (browser uploads). A header that does not name a live
 * token is refused with 401, never silently treated as anonymous.
 */
export async function authenticate(services: Services, authorization: string | null): Promise<Caller> {
  if (!authorization) return { projectId: null, tokenId: null };
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match) throw new AppError("UNAUTHORIZED", "Authorization must be `Bearer <project token>`.");
  const token = await services.prisma.apiToken.findUnique({ where: { tokenHash: hashToken(match[1]!) } });
  if (!token) throw new AppError("UNAUTHORIZED", "Unknown API token.");
  if (token.revokedAt) throw new AppError("UNAUTHORIZED", "This API token was revoked.");
  // A CI client polls every second or so; a minute's precision is plenty and spares a write per poll.
  if (!token.lastUsedAt || Date.now() - token.lastUsedAt.getTime() > lastUsedPrecisionMs)
    await services.prisma.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: new Date() } });
  return { projectId: token.projectId, tokenId: token.id };
}
