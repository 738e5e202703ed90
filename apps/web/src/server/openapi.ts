import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import {
  comparisonQuerySchema,
  comparisonSchema,
  createProjectRequestSchema,
  createProjectResponseSchema,
  createRunRequestSchema,
  createRunResponseSchema,
  createTokenResponseSchema,
  errorBodySchema,
  projectViewSchema,
  runViewSchema,
  tokenListSchema,
  updateProjectRequestSchema,
} from "@wirebench/contracts";
import { z } from "zod";

const errors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      {
        description: errorDescriptions[s] ?? "Error",
        content: { "application/json": { schema: errorBodySchema } },
      },
    ]),
  );
const errorDescriptions: Record<number, string> = {
  400: "Bad input: malformed JSON (with line and column), over a nesting or key limit, an invalid field, a schema that does not parse, an unknown format name, a sample that does not follow its schema, or a baseline that names no run and no branch.",
  401: "Unknown or revoked token.",
  403: "The token may not do this.",
  404: "No such run, token or baseline.",
  413: "Body over WIREBENCH_MAX_INPUT_BYTES.",
  415: "Body not sent as Content-Type: application/json (and no token).",
  429: "Rate limited, or the project's WIREBENCH_PROJECT_RUNS_PER_DAY used up; see Retry-After.",
  503: "PostgreSQL or Redis unavailable, or WIREBENCH_MAX_QUEUE_DEPTH runs already waiting; see Retry-After.",
};

/**
 * The OpenAPI document, generated from @wirebench/contracts: the same zod objects the handlers send
 * their responses through, so the document cannot describe anything but what the API answers.
 */
export function buildOpenApiDocument(serverUrl: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "projectToken", {
    type: "http",
    scheme: "bearer",
    description: "A project API token (`wirebench project create`). Optional for creating and reading runs.",
  });
  const security = [{ [bearer.name]: [] }, {}];
  registry.registerPath({
    method: "post",
    path: "/api/v1/runs",
    summary: "Create a run from a sample and/or a schema",
    security,
    request: { body: { content: { "application/json": { schema: createRunRequestSchema } } } },
    responses: {
      202: { description: "Queued", content: { "application/json": { schema: createRunResponseSchema } } },
      ...errors(400, 401, 413, 415, 429, 503),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/v1/runs/{id}",
    summary: "A run's status, progress and results (send If-None-Match to poll cheaply)",
    security,
    request: { params: z.object({ id: z.string() }) },
    responses: {
      200: { description: "The run", content: { "application/json": { schema: runViewSchema } } },
      304: { description: "Unchanged since the ETag sent" },
      ...errors(401, 404, 429, 503),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/v1/runs/{id}/comparison",
    summary: "Per-format deltas against a baseline run, judged by size and time thresholds",
    description:
      "Sizes are exact; a time delta counts only when the two runs' 95% confidence intervals of the median do not overlap.",
    security,
    request: { params: z.object({ id: z.string() }), query: comparisonQuerySchema },
    responses: {
      200: {
        description:
          "The comparison; `pass` is false when a threshold is crossed or a watched format failed or went missing",
        content: { "application/json": { schema: comparisonSchema } },
      },
      ...errors(400, 401, 403, 404, 429, 503),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/v1/projects",
    summary: "Create a project; its first API token is returned once",
    request: { body: { content: { "application/json": { schema: createProjectRequestSchema } } } },
    responses: {
      201: {
        description: "The project and its token",
        content: { "application/json": { schema: createProjectResponseSchema } },
      },
      ...errors(400, 403, 413, 415, 429, 503),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/v1/project",
    summary: "The caller's project and its default thresholds",
    security: [{ [bearer.name]: [] }],
    responses: {
      200: { description: "The project", content: { "application/json": { schema: projectViewSchema } } },
      ...errors(401, 429, 503),
    },
  });
  registry.registerPath({
    method: "patch",
    path: "/api/v1/project",
    summary: "Set the project's default thresholds, used by comparisons that do not set their own",
    security: [{ [bearer.name]: [] }],
    request: { body: { content: { "application/json": { schema: updateProjectRequestSchema } } } },
    responses: {
      200: {
        description: "The updated project",
        content: { "application/json": { schema: projectViewSchema } },
      },
      ...errors(400, 401, 413, 429, 503),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/v1/tokens",
    summary: "List the caller's project's tokens (never their secret or hash)",
    security: [{ [bearer.name]: [] }],
    responses: {
      200: {
        description: "The tokens, newest first",
        content: { "application/json": { schema: tokenListSchema } },
      },
      ...errors(401, 429, 503),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/v1/tokens",
    summary: "Create another token for the caller's project",
    security: [{ [bearer.name]: [] }],
    responses: {
      201: {
        description: "The new token, shown once",
        content: { "application/json": { schema: createTokenResponseSchema } },
      },
      ...errors(401, 429, 503),
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/v1/tokens/{id}",
    summary: "Revoke a token of the caller's project",
    security: [{ [bearer.name]: [] }],
    request: { params: z.object({ id: z.string() }) },
    responses: { 204: { description: "Revoked" }, ...errors(401, 404, 429, 503) },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Wirebench API",
      version: "1",
      description: "Compare serialization formats on your own data, from CI or any HTTP client.",
    },
    servers: [{ url: serverUrl }],
  });
}
