import {
  comparisonQuerySchema,
  comparisonSchema,
  createProjectRequestSchema,
  createProjectResponseSchema,
  createTokenResponseSchema,
  projectViewSchema,
  tokenListSchema,
  updateProjectRequestSchema,
} from "@wirebench/contracts";
import { AppError } from "../app-error.ts";
import { compareRuns } from "../services/compare-runs.ts";
import type { Services } from "../services/container.ts";
import { createProject, createToken, revokeToken } from "../services/create-project.ts";
import { getProject } from "../services/get-project.ts";
import { listTokens } from "../services/list-tokens.ts";
import { addressKey, admit, charge, consumeOrRefuse } from "../services/rate-limit.ts";
import { updateProjectThresholds } from "../services/update-project-thresholds.ts";
import { readBodyLimited } from "./read-body.ts";
import { requireJsonContentType } from "./require-json-content-type.ts";
import { contractJson, handle, invalid } from "./respond.ts";

/** Any rate-limited request that must carry a project token. */
const requireProject = async (services: Services, req: Request, kind: "create" | "read") => {
  const caller = await admit(services, req.headers, kind);
  if (!caller.projectId)
    throw new AppError("UNAUTHORIZED", "This needs a project token (Authorization: Bearer …).");
  return caller as { projectId: string; tokenId: string };
};

/** A small JSON body: over `maxBytes` is a 413, anything but JSON a 400 showing the expected shape. */
async function readSmallJson(req: Request, maxBytes: number, shape: string): Promise<unknown> {
  const text = await readBodyLimited(req, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", `Request body must be JSON: ${shape}.`);
  }
}

/** POST /api/v1/projects → 201 {id, slug, name, token}: the token is shown this once. */
export function postProject(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    requireJsonContentType(req.headers);
    // Anyone may try to create a project (unless an admin token is set): charge the address first.
    await charge(services, "create", addressKey(services, req.headers));
    const admin = services.env.WIREBENCH_ADMIN_TOKEN;
    if (admin && req.headers.get("authorization") !== `Bearer ${admin}`) {
      throw new AppError("FORBIDDEN", "Creating projects needs the admin token on this server.");
    }
    const body = await readSmallJson(req, 10_000, '{"name": "…"}');
    const parsed = createProjectRequestSchema.safeParse(body);
    if (!parsed.success) throw invalid("request", parsed.error);
    // Each project brings a token with budgets of its own; without an admin token, an address may
    // make only a few a day, so new projects cannot stand in for the token cap.
    if (!admin)
      await consumeOrRefuse(
        services.limits.projectsPerDay,
        addressKey(services, req.headers),
        `This address has created its ${services.env.WIREBENCH_PROJECTS_PER_DAY} projects for the day (WIREBENCH_PROJECTS_PER_DAY)`,
      );
    return contractJson(createProjectResponseSchema, await createProject(services, parsed.data.name), 201);
  });
}

/** POST /api/v1/tokens → a new token for the caller's project. */
export function postToken(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req, "create");
    return contractJson(createTokenResponseSchema, await createToken(services, caller.projectId), 201);
  });
}

/** GET /api/v1/tokens → the caller's project's tokens, without their hashes. */
export function getTokens(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req, "read");
    return contractJson(tokenListSchema, { tokens: await listTokens(services, caller.projectId) });
  });
}

/** DELETE /api/v1/tokens/{id} → revokes a token of the caller's project. */
export function deleteToken(services: Services, req: Request, tokenId: string): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req, "create");
    await revokeToken(services, caller.projectId, tokenId);
    return new Response(null, { status: 204 });
  });
}

/** GET /api/v1/project → the caller's project and its default thresholds. */
export function getProjectResponse(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req, "read");
    return contractJson(projectViewSchema, await getProject(services, caller.projectId));
  });
}

/** PATCH /api/v1/project → updates the default thresholds comparisons use when they set none. */
export function patchProject(services: Services, req: Request): Promise<Response> {
  return handle(async () => {
    const caller = await requireProject(services, req, "create");
    const body = await readSmallJson(req, 10_000, '{"thresholds": {"maxRegressionPct": 5}}');
    const parsed = updateProjectRequestSchema.safeParse(body);
    if (!parsed.success) throw invalid("request", parsed.error);
    return contractJson(
      projectViewSchema,
      await updateProjectThresholds(services, caller.projectId, parsed.data.thresholds),
    );
  });
}

/** GET /api/v1/runs/{id}/comparison: per-format deltas against a baseline, judged by thresholds. */
export function getComparison(services: Services, req: Request, runId: string): Promise<Response> {
  return handle(async () => {
    const caller = await admit(services, req.headers, "read");
    const q = comparisonQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!q.success) throw invalid("query", q.error);
    const result = await compareRuns(services, caller, runId, q.data.baseline, {
      maxRegressionPct: q.data.maxRegression,
      maxTimeRegressionPct: q.data.maxTimeRegression,
      maxInstructionRegressionPct: q.data.maxInstructionRegression,
      formats: q.data.formats
        ?.split(",")
        .map((f) => f.trim())
        .filter(Boolean),
    });
    return contractJson(comparisonSchema, result);
  });
}
