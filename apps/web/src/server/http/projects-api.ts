import { z } from "zod";
import { AppError } from "../app-error.ts";
import { authenticate } from "../services/authenticate.ts";
import { compareRuns } from "../services/compare-runs.ts";
import type { Services } from "../services/container.ts";
import { createProject, createToken, revokeToken } from "../services/create-project.ts";
import { clientIp, enforceRateLimit } from "../services/rate-limit.ts";
import { readBodyLimited } from "./read-body.ts";
import { handle, json } from "./respond.ts";

export const createProjectRequestSchema = z
  .object({ name: z.string().min(1).max(100) })
  .strict()
  .meta({ id: "CreateProjectRequest" });
export const comparisonQuerySchema = z.object({
  baseline: z
    .string()
    .max(255)
    .optional()
    .describe("Run id, or a branch whose latest completed run is used."),
  maxRegression: z.coerce
    .number()
    .min(0)
    .optional()
    .describe("Largest allowed size growth (raw and compressed), %."),
  maxTimeRegression: z.coerce
    .number()
    .min(0)
    .optional()
    .describe("Largest allowed significant slow-down, %."),
  formats: z.string().optional().describe("Comma-separated formats the thresholds apply to."),
});

const requireProject = async (services: Services, req: Request) => {
  const caller = await authenticate(services, req.headers.get("authorization"));
  if (!caller.projectId)
    throw new AppError("UNAUTHORIZED", "This needs a project token (Authorization: Bearer …).");
  return caller as { projectId: string; tokenId: string };
};

/** POST /api/v1/projects → 201 {id, slug, name, token}: the token is shown this once. */
export function postProject(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    const admin = services.env.WIREBENCH_ADMIN_TOKEN;
    if (admin && req.headers.get("authorization") !== `Bearer ${admin}`) {
      throw new AppError("FORBIDDEN", "Creating projects needs the admin token on this server.");
    }
    await enforceRateLimit(services, "create", clientIp(req.headers), null);
    let body: unknown;
    try {
      body = JSON.parse(await readBodyLimited(req, 10_000));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError("BAD_REQUEST", 'Request body must be JSON: {"name": "…"}.');
    }
    const parsed = createProjectRequestSchema.safeParse(body);
    if (!parsed.success)
      throw new AppError("BAD_REQUEST", `Invalid request: ${parsed.error.issues[0]?.message}`);
    return json(await createProject(services, parsed.data.name), 201);
  });
}

/** POST /api/v1/tokens → a new token for the caller's project. */
export function postToken(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req);
    return json(await createToken(services, caller.projectId), 201);
  });
}

/** DELETE /api/v1/tokens/{id} → revokes a token of the caller's project. */
export function deleteToken(services: Services, req: Request, tokenId: string): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req);
    await revokeToken(services, caller.projectId, tokenId);
    return new Response(null, { status: 204 });
  });
}

/** GET /api/v1/runs/{id}/comparison: per-format deltas against a baseline, judged by thresholds. */
export function getComparison(services: Services, req: Request, runId: string): Promise<Response> {
  return handle(async () => {
    const caller = await authenticate(services, req.headers.get("authorization"));
    await enforceRateLimit(services, "read", clientIp(req.headers), caller.tokenId);
    const q = comparisonQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!q.success)
      throw new AppError(
        "BAD_REQUEST",
        `Invalid query: ${q.error.issues[0]?.path.join(".")}: ${q.error.issues[0]?.message}`,
      );
    const result = await compareRuns(services, caller, runId, q.data.baseline, {
      maxRegressionPct: q.data.maxRegression,
      maxTimeRegressionPct: q.data.maxTimeRegression,
      formats: q.data.formats?.split(",").filter(Boolean),
    });
    return json(result);
  });
}
