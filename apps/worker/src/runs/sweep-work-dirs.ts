import { readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PrismaClient } from "@wirebench/db";
import { runWorkDirPrefix } from "./run-pipeline.ts";

const runDirPattern = new RegExp(`^${runWorkDirPrefix("(.+)")}[A-Za-z0-9]{6}$`);

/**
 * Removes run work dirs (they hold the user's sample and generated code) that no live run owns: the
 * dir of a run that ended, or whose lease lapsed (its worker was killed before it could clean up). A
 * dir whose run is not in this database (another deployment sharing the temp dir) goes only once it
 * is older than any run may last. Returns the dirs removed.
 */
export async function sweepWorkDirs(
  prisma: PrismaClient,
  runTimeoutMs: number,
  dir = tmpdir(),
): Promise<string[]> {
  const found = readdirSync(dir).flatMap((name) => {
    const runId = runDirPattern.exec(name)?.[1];
    return runId ? [{ path: join(dir, name), runId }] : [];
  });
  if (found.length === 0) return [];
  const live = await prisma.run.findMany({
    where: { id: { in: found.map((f) => f.runId) } },
    select: { id: true, status: true, leaseExpiresAt: true },
  });
  const byId = new Map(live.map((r) => [r.id, r]));
  const now = Date.now();
  const removed: string[] = [];
  for (const f of found) {
    const run = byId.get(f.runId);
    let stale: boolean;
    if (run) stale = !(run.status === "running" && run.leaseExpiresAt && run.leaseExpiresAt.getTime() > now);
    else {
      try {
        stale = now - statSync(f.path).mtimeMs > runTimeoutMs;
      } catch {
        stale = false;
      }
    }
    if (!stale) continue;
    rmSync(f.path, { recursive: true, force: true });
    removed.push(f.path);
  }
  return removed;
}
