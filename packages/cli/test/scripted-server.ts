import { writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { comparisonOf, runViewOf } from "@wirebench/contracts/testing";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { spawnCli } from "./helpers/spawn-cli.ts";

/**
 * A server for `wirebench ci` and `project` tests: each test decides how it answers, and it records
 * what the CLI sent and when. Its default answers are whole contract shapes (@wirebench/contracts),
 * as a real server sends them.
 */
export interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
  at: number;
}
export type Answer = (seen: Seen) => { status: number; body?: unknown; headers?: Record<string, string> };

export const run = runViewOf({
  id: "run1AAAAAAAAAAAAAAAAAA",
  url: "http://wb.test/runs/run1",
  status: "completed",
  progress: { json: "done" },
  branch: "feature",
  commit: "abc1234",
  pullRequest: 42,
  message: "Add *tags* to users",
});
export const comparison = comparisonOf({ run, note: "no baseline given" });

export const ok = (body: unknown) => () => ({ status: 200, body });

export class ScriptedServer {
  seen: Seen[] = [];
  url = "";
  private answers: Record<string, Answer[]> = {};
  private server: Server | undefined;

  /** Answers for a route, used in turn; the last one repeats. */
  route(key: string, ...list: Answer[]) {
    this.answers[key] = list;
  }

  /** Forgets what was seen; a run is created, polled and compared with the default answers. */
  reset() {
    this.seen = [];
    this.answers = {};
    this.route("POST /api/v1/runs", () => ({
      status: 202,
      body: { id: run.id, url: run.url, status: "queued" },
    }));
    this.route(`GET /api/v1/runs/${run.id}`, ok(run));
    this.route(`GET /api/v1/runs/${run.id}/comparison`, ok(comparison));
  }

  async start() {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        const path = (req.url ?? "").split("?")[0]!;
        const s: Seen = {
          method: req.method!,
          path,
          authorization: req.headers.authorization,
          body,
          at: Date.now(),
        };
        this.seen.push(s);
        const list = this.answers[`${req.method} ${path}`];
        const answer = list && (list.length > 1 ? list.shift()! : list[0]!)(s);
        const {
          status,
          body: out,
          headers,
        } = answer ?? {
          status: 404,
          body: { error: { code: "NOT_FOUND", message: "no route" } },
        };
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(out === undefined ? "" : typeof out === "string" ? out : JSON.stringify(out));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

/** Runs `wirebench` without a token from the environment, timing it. */
export async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  const start = Date.now();
  const res = await spawnCli(args, { WIREBENCH_TOKEN: undefined, ...env });
  return { ...res, ms: Date.now() - start };
}

export const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);

/**
 * A scripted server for this test file (started once, reset before each test), a sample file, and
 * the `wirebench ci` arguments that point at both.
 */
export function useScriptedServer() {
  const srv = new ScriptedServer();
  beforeAll(() => srv.start());
  afterAll(() => srv.stop());
  beforeEach(() => srv.reset());
  const dir = scratchDir("wirebench-ci-remote-");
  const sample = join(dir, "sample.json");
  writeFileSync(sample, '{"id": 1}');
  const ci = (...more: string[]) => ["ci", sample, "--server", srv.url, "--poll-interval", "0.1", ...more];
  return { srv, dir, ci };
}
