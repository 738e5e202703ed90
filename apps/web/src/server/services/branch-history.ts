import type { Services } from "./container.ts";
import { getRun, storedEntry } from "./get-run.ts";

/** How many of a branch's runs the history shows, newest kept. */
export const historyLimit = 50;

/**
 * The completed runs of the same project and branch as a run, oldest first, with each format's size
 * and median times: what the history page charts. Reached through a run's unguessable id only, so it
 * names no other run.
 */
export async function branchHistory(services: Services, runId: string) {
  const { version: _v, ...run } = await getRun(services, runId);
  const row = await services.prisma.run.findUnique({
    where: { id: runId },
    select: { projectId: true, branch: true },
  });
  if (!row?.projectId || !row.branch) return { run, branch: row?.branch ?? null, points: [], formats: [] };
  const runs = await services.prisma.run.findMany({
    where: { projectId: row.projectId, branch: row.branch, status: "completed" },
    orderBy: { createdAt: "desc" },
    take: historyLimit,
    include: { results: { where: { ok: true } } },
  });
  const formats = new Set<string>();
  const points = runs.reverse().map((r) => {
    // No run ids: the page is reached with one run's share link, which must not lead to the others.
    const point: Record<string, number | string | null> = {
      commit: r.commit ?? r.createdAt.toISOString().slice(0, 16),
      createdAt: r.createdAt.toISOString(),
    };
    for (const e of r.results.map(storedEntry)) {
      if (!e.ok) continue;
      const key = e.id;
      formats.add(key);
      point[`${key}:bytes`] = e.bytes;
      point[`${key}:decode`] = e.decode?.medianNs ?? null;
      point[`${key}:encode`] = e.encode?.medianNs ?? null;
    }
    return point;
  });
  return { run, branch: row.branch, points, formats: [...formats].sort() };
}
