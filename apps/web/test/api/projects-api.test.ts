import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getProjectResponse,
  getTokens,
  patchProject,
  postToken,
} from "../../src/server/http/projects-api.ts";
import { getRunResponse, postRun } from "../../src/server/http/runs-api.ts";
import { buildOpenApiDocument } from "../../src/server/openapi.ts";
import { createProject, revokeToken } from "../../src/server/services/create-project.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

let s: TestServices;
let project: Awaited<ReturnType<typeof createProject>>;
let other: Awaited<ReturnType<typeof createProject>>;
beforeAll(async () => {
  s = await createTestServices("projectsapi", { WIREBENCH_RATE_LIMIT_CREATE: "1000" });
  project = await createProject(s, "Tokens");
  other = await createProject(s, "Other");
});
afterAll(async () => s?.close());

const req = (path: string, init: RequestInit & { token?: string } = {}) =>
  new Request(`http://wirebench.test${path}`, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });

describe("GET /api/v1/tokens", () => {
  it("lists the project's tokens, revoked ones marked, never the secret or its hash", async () => {
    const second = await (
      await postToken(s, req("/api/v1/tokens", { method: "POST", token: project.token }))
    ).json();
    await revokeToken(s, project.id, second.id);
    const res = await getTokens(s, req("/api/v1/tokens", { token: project.token }));
    expect(res.status).toBe(200);
    const { tokens } = await res.json();
    expect(tokens).toHaveLength(2);
    for (const t of tokens)
      expect(Object.keys(t).sort()).toEqual(["createdAt", "id", "lastUsedAt", "prefix", "revokedAt"]);
    const revoked = tokens.find((t: { id: string }) => t.id === second.id);
    expect(revoked.prefix).toBe(second.token.slice(0, 7));
    expect(Date.parse(revoked.revokedAt)).not.toBeNaN();
    const live = tokens.find((t: { id: string }) => t.id !== second.id);
    expect(live.revokedAt).toBeNull();
    expect(Date.parse(live.lastUsedAt)).not.toBeNaN(); // this very request used it
    const text = JSON.stringify(tokens);
    const hashes = await s.prisma.apiToken.findMany({ where: { projectId: project.id } });
    for (const h of hashes) expect(text).not.toContain(h.tokenHash);
    expect(text).not.toContain(project.token);
  });

  it("shows only the caller's project and needs a token", async () => {
    const { tokens } = await (await getTokens(s, req("/api/v1/tokens", { token: other.token }))).json();
    expect(tokens).toHaveLength(1);
    expect(await s.prisma.apiToken.findUniqueOrThrow({ where: { id: tokens[0].id } })).toMatchObject({
      projectId: other.id,
    });
    const anonymous = await getTokens(s, req("/api/v1/tokens"));
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toMatch(/needs a project token/);
  });
});

describe("GET and PATCH /api/v1/project", () => {
  const patch = (body: string, token = project.token) =>
    patchProject(s, req("/api/v1/project", { method: "PATCH", body, token }));

  it("sets, keeps and clears default thresholds", async () => {
    const set = await patch('{"thresholds": {"maxRegressionPct": 5, "formats": ["json", "protobuf"]}}');
    expect(set.status).toBe(200);
    expect((await set.json()).thresholds).toEqual({ maxRegressionPct: 5, formats: ["json", "protobuf"] });
    const more = await (await patch('{"thresholds": {"maxTimeRegressionPct": 15, "formats": null}}')).json();
    expect(more.thresholds).toEqual({ maxRegressionPct: 5, maxTimeRegressionPct: 15 });
    const got = await (await getProjectResponse(s, req("/api/v1/project", { token: project.token }))).json();
    expect(got).toMatchObject({ id: project.id, slug: "tokens", thresholds: more.thresholds });
    const row = await s.prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(row.thresholds).toEqual({ maxRegressionPct: 5, maxTimeRegressionPct: 15 });
    // The other project is untouched.
    expect((await s.prisma.project.findUniqueOrThrow({ where: { id: other.id } })).thresholds).toEqual({});
  });

  it.each([
    [
      "a negative percentage",
      '{"thresholds": {"maxRegressionPct": -1}}',
      /^Invalid request: thresholds\.maxRegressionPct: /,
    ],
    [
      "a percentage as text",
      '{"thresholds": {"maxRegressionPct": "5"}}',
      /^Invalid request: thresholds\.maxRegressionPct: /,
    ],
    ["an unknown field", '{"thresholds": {"maxRegression": 5}}', /^Invalid request: .*maxRegression/],
    [
      "an unknown format",
      '{"thresholds": {"formats": ["jsn"]}}',
      /^thresholds\.formats: unknown format "jsn"; choose from /,
    ],
    ["a body that is not JSON", "{thresholds", /^Request body must be JSON/],
  ])("rejects %s with 400 and changes nothing", async (_what, body, message) => {
    const before = (await s.prisma.project.findUniqueOrThrow({ where: { id: project.id } })).thresholds;
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(message);
    expect((await s.prisma.project.findUniqueOrThrow({ where: { id: project.id } })).thresholds).toEqual(
      before,
    );
  });

  it("needs a project token", async () => {
    const res = await patchProject(
      s,
      req("/api/v1/project", { method: "PATCH", body: '{"thresholds": {}}' }),
    );
    expect(res.status).toBe(401);
  });
});

describe("runs carry their CI metadata", () => {
  it("returns pullRequest and message from GET /api/v1/runs/{id}", async () => {
    const created = await (
      await postRun(s, post(JSON.stringify({ sample: "[{}]", pullRequest: 42, message: "Add tags" })))
    ).json();
    const run = await (await getRunResponse(s, req(`/api/v1/runs/${created.id}`), created.id)).json();
    expect(run.pullRequest).toBe(42);
    expect(run.message).toBe("Add tags");
    const bad = await postRun(s, post(JSON.stringify({ sample: "[{}]", pullRequest: -1 })));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/^Invalid request: pullRequest: /);
  });
});

describe("OpenAPI", () => {
  it("documents the project and token endpoints with generated response schemas", () => {
    const doc = buildOpenApiDocument("http://wirebench.test") as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths["/api/v1/tokens"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/v1/project"]!).sort()).toEqual(["get", "patch"]);
    expect(doc.paths["/api/v1/tokens"]!.get!.responses["200"]!.content).toEqual({
      "application/json": { schema: { $ref: "#/components/schemas/ApiTokenList" } },
    });
    expect(Object.keys(doc.components.schemas.ApiToken!.properties).sort()).toEqual([
      "createdAt",
      "id",
      "lastUsedAt",
      "prefix",
      "revokedAt",
    ]);
    expect(Object.keys(doc.components.schemas.Run!.properties)).toEqual(
      expect.arrayContaining(["pullRequest", "message"]),
    );
    expect(Object.keys(doc.components.schemas.Comparison!.properties)).toEqual(
      expect.arrayContaining(["newlyFailing", "missing", "pass"]),
    );
    expect(doc.paths["/api/v1/project"]!.patch!.responses["400"]).toBeDefined();
  });
});
