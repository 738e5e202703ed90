import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  deleteToken,
  getComparison,
  getProjectResponse,
  getTokens,
  patchProject,
  postProject,
  postToken,
} from "../../src/server/http/projects-api.ts";
import { getRunResponse, postRun } from "../../src/server/http/runs-api.ts";
import { buildOpenApiDocument } from "../../src/server/openapi.ts";
import type { TestServices } from "./test-services.ts";

/**
 * The REST API over real HTTP: the same handler functions the app/api routes call, behind a plain
 * Node server on a free port (Next.js itself needs a production build). /api/openapi.json serves
 * the document the route serves.
 */
export async function startRestServer(s: TestServices): Promise<{ url: string; close(): Promise<void> }> {
  const route = (req: Request): Promise<Response> | Response => {
    const path = new URL(req.url).pathname;
    const id = path.split("/")[4] ?? "";
    const key = `${req.method} ${path.replace(/^\/api\/v1\/(runs|tokens)\/[^/]+/, "/api/v1/$1/{id}")}`;
    switch (key) {
      case "GET /api/openapi.json":
        return Response.json(buildOpenApiDocument(s.env.PUBLIC_URL));
      case "POST /api/v1/runs":
        return postRun(s, req);
      case "GET /api/v1/runs/{id}":
        return getRunResponse(s, req, id);
      case "GET /api/v1/runs/{id}/comparison":
        return getComparison(s, req, id);
      case "POST /api/v1/projects":
        return postProject(s, req);
      case "GET /api/v1/project":
        return getProjectResponse(s, req);
      case "PATCH /api/v1/project":
        return patchProject(s, req);
      case "GET /api/v1/tokens":
        return getTokens(s, req);
      case "POST /api/v1/tokens":
        return postToken(s, req);
      case "DELETE /api/v1/tokens/{id}":
        return deleteToken(s, req, id);
      default:
        return new Response("no route", { status: 404 });
    }
  };
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const answer = await route(
      new Request(`http://wirebench.test${req.url}`, { method: req.method!, headers, body }),
    );
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const workerMain = fileURLToPath(new URL("../../../worker/src/main.ts", import.meta.url));

/**
 * A real worker on the test services' database and queue, as `npm run up` starts one. `imports` are
 * modules it preloads (`--import`), e.g. one that points a registry entry at a test-only adapter.
 */
export function startWorker(s: TestServices, opts: { imports?: string[] } = {}): { stop(): Promise<void> } {
  const preload = (opts.imports ?? []).flatMap((m) => ["--import", m]);
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", ...preload, workerMain], {
    env: {
      ...process.env,
      DATABASE_URL: s.env.DATABASE_URL,
      REDIS_URL: s.env.REDIS_URL,
      WIREBENCH_QUEUE: s.env.WIREBENCH_QUEUE,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
