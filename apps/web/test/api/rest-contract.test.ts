import {
  comparisonSchema,
  createProjectResponseSchema,
  createRunResponseSchema,
  errorBodySchema,
  projectViewSchema,
  runViewSchema,
  tokenListSchema,
} from "@wirebench/contracts";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { openApiView } from "../../app/docs/api/openapi-view.ts";
import { startRestServer, startWorker } from "./rest-server.ts";
import { createTestServices, type TestServices } from "./test-services.ts";

/**
 * Real REST answers (real PostgreSQL, Redis and a real worker measuring real runs) checked twice:
 * with the zod contract the handlers use, and, independently, with ajv against the schema the
 * served /api/openapi.json documents for that path and status. The second check is what shows
 * the document describes what the API answers.
 */
let s: TestServices;
let server: Awaited<ReturnType<typeof startRestServer>>;
let worker: ReturnType<typeof startWorker>;
let doc: Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  s = await createTestServices("restcontract", { WIREBENCH_RATE_LIMIT_READ: "100000" });
  server = await startRestServer(s);
  worker = startWorker(s);
  doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Record<string, unknown>;
  ajv.addSchema(doc, "openapi.json");
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await s?.close();
});

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** The body of a real response, checked with the zod contract and with the document's schema. */
async function checked<S extends z.ZodType>(
  res: Response,
  schema: S,
  path: string,
  method: string,
): Promise<z.output<S>> {
  const body: unknown = await res.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], `${method} ${path} ${res.status} against the zod contract`).toEqual([]);
  // Nothing undocumented either: the contract keeps every field the response has.
  expect(parsed.data).toEqual(body);
  const ref = `openapi.json#/${pointer("paths", path, method, "responses", String(res.status), "content", "application/json", "schema")}`;
  const validate = ajv.compile({ $ref: ref });
  expect(
    validate(body) ? [] : validate.errors,
    `${method} ${path} ${res.status} against /api/openapi.json`,
  ).toEqual([]);
  return parsed.data as z.output<S>;
}

const send = (method: string, path: string, body?: unknown, token?: string) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

async function completedRun(id: string) {
  for (const started = Date.now(); Date.now() - started < 240_000; ) {
    const res = await send("GET", `/api/v1/runs/${id}`);
    const run = await checked(res, runViewSchema, "/api/v1/runs/{id}", "get");
    if (run.status !== "queued" && run.status !== "running") return run;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`run ${id} did not finish`);
}

describe("REST responses match @wirebench/contracts and the served OpenAPI document", () => {
  it("a project, two measured runs on a branch and their comparison", async () => {
    const project = await checked(
      await send("POST", "/api/v1/projects", { name: "Contract check" }),
      createProjectResponseSchema,
      "/api/v1/projects",
      "post",
    );
    const runBody = {
      sample:
        '[{"id": 505874924095815681, "name": "Ada", "tags": ["a", "b"]}, {"id": 2, "name": "Bo", "tags": []}]',
      formats: ["json", "msgpackr"],
      options: { quick: true },
      branch: "main",
    };
    const first = await checked(
      await send("POST", "/api/v1/runs", runBody, project.token),
      createRunResponseSchema,
      "/api/v1/runs",
      "post",
    );
    const base = await completedRun(first.id);
    expect(base.status, base.error ?? "").toBe("completed");
    expect(base.formats.map((f) => f.id).sort()).toEqual(["json", "msgpackr"]);
    expect(base.environment?.node).toBe(process.version);
    expect(Object.values(base.progress)).toEqual(["done", "done"]);

    const second = await checked(
      await send("POST", "/api/v1/runs", { ...runBody, baseline: first.id }, project.token),
      createRunResponseSchema,
      "/api/v1/runs",
      "post",
    );
    expect((await completedRun(second.id)).status).toBe("completed");
    const comparison = await checked(
      await send("GET", `/api/v1/runs/${second.id}/comparison?maxRegression=5`, undefined, project.token),
      comparisonSchema,
      "/api/v1/runs/{id}/comparison",
      "get",
    );
    expect(comparison.baseline?.id).toBe(first.id);
    expect(comparison.formats.map((f) => f.key).sort()).toEqual(["json", "msgpackr"]);
    // Same sample, same libraries: the sizes are exact and equal.
    expect(comparison.formats.every((f) => f.bytes?.deltaPct === 0)).toBe(true);
  }, 600_000);

  it("the project, its tokens and the errors", async () => {
    const project = await checked(
      await send("POST", "/api/v1/projects", { name: "Token check" }),
      createProjectResponseSchema,
      "/api/v1/projects",
      "post",
    );
    const patched = await checked(
      await send(
        "PATCH",
        "/api/v1/project",
        { thresholds: { maxRegressionPct: 5, formats: ["json"] } },
        project.token,
      ),
      projectViewSchema,
      "/api/v1/project",
      "patch",
    );
    expect(patched.thresholds).toEqual({ maxRegressionPct: 5, formats: ["json"] });
    await checked(
      await send("GET", "/api/v1/project", undefined, project.token),
      projectViewSchema,
      "/api/v1/project",
      "get",
    );
    const tokens = await checked(
      await send("GET", "/api/v1/tokens", undefined, project.token),
      tokenListSchema,
      "/api/v1/tokens",
      "get",
    );
    expect(tokens.tokens).toHaveLength(1);
    const missing = await send("GET", "/api/v1/runs/AAAAAAAAAAAAAAAAAAAAAA");
    expect(missing.status).toBe(404);
    const error = await checked(missing, errorBodySchema, "/api/v1/runs/{id}", "get");
    expect(error.error.code).toBe("NOT_FOUND");
    const bad = await send("POST", "/api/v1/runs", { formats: ["json"] });
    expect((await checked(bad, errorBodySchema, "/api/v1/runs", "post")).error.message).toBe(
      "Invalid request: give a sample, a schema, or both",
    );
  }, 60_000);

  it("the document's schemas are not vacuous: they refuse what the contract refuses", () => {
    const run = ajv.compile({
      $ref: `openapi.json#/${pointer("paths", "/api/v1/runs/{id}", "get", "responses", "200", "content", "application/json", "schema")}`,
    });
    expect(run({ id: "x", status: "completed" })).toBe(false);
    expect(run.errors?.map((e) => e.params)).toContainEqual({ missingProperty: "formats" });
    const error = ajv.compile({ $ref: `openapi.json#/${pointer("components", "schemas", "Error")}` });
    expect(error({ error: { code: "TEAPOT", message: "m" } })).toBe(false);
    expect(error({ error: { code: "NOT_FOUND", message: "m" } })).toBe(true);
  });

  it("the API reference page reads the served document", () => {
    const view = openApiView.parse(doc);
    expect(Object.keys(view.paths)).toContain("/api/v1/runs/{id}/comparison");
    expect(Object.keys(view.components.schemas)).toEqual(
      expect.arrayContaining(["Run", "Comparison", "Error", "RunOptions", "RunStatus", "FormatStage"]),
    );
  });
});
