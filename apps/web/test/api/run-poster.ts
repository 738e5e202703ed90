import { expect } from "vitest";
import { postRun } from "../../src/server/http/runs-api.ts";
import type { TestServices } from "./test-services.ts";

export const body = (r: Response) =>
  r.json() as Promise<Record<string, unknown> & { error?: { code: string; message: string } }>;

/**
 * POST /api/v1/runs for a test file, remembering the runs that got a 202: at the end of the file
 * these must be the only rows in its database (`expectOnlyAccepted`).
 */
export function runPoster(services: () => TestServices) {
  const accepted = new Set<string>();
  return {
    async postAccepted(req: Request) {
      const res = await postRun(services(), req);
      if (res.status === 202) accepted.add(((await res.clone().json()) as { id: string }).id);
      return res;
    },
    /** Bad input must be refused before the run row is written: the row count may not move. */
    async expectNoNewRun(send: () => Promise<Response>) {
      const before = await services().prisma.run.count();
      const res = await send();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await services().prisma.run.count()).toBe(before);
      return res;
    },
    /** Only the accepted runs are left, each queued with its job. */
    async expectOnlyAccepted() {
      const s = services();
      const rows = await s.prisma.run.findMany({ select: { id: true, status: true } });
      expect(accepted.size).toBeGreaterThan(0);
      expect(rows.map((r) => r.id).sort()).toEqual([...accepted].sort());
      for (const r of rows) {
        expect(r.status).toBe("queued");
        expect((await s.queue.getJob(r.id))?.data).toEqual({ runId: r.id });
      }
    },
  };
}
