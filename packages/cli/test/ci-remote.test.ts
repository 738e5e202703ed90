import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { retryAfterMs } from "../src/ci/retrying-get.ts";
import { spawnCli } from "./helpers/spawn-cli.ts";

/**
 * `wirebench ci` against a scripted server: each test decides how the server answers, and the
 * server records what the CLI sent and when.
 */
const dir = mkdtempSync(join(tmpdir(), "wirebench-ci-remote-"));
const sample = join(dir, "sample.json");
writeFileSync(sample, '{"id": 1}');

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
  at: number;
}
type Answer = (seen: Seen) => { status: number; body?: unknown; headers?: Record<string, string> };

let server: Server;
let url = "";
let seen: Seen[] = [];
let answers: Record<string, Answer[]> = {};
const run = {
  id: "run1AAAAAAAAAAAAAAAAAA",
  url: "http://wb.test/runs/run1",
  status: "completed",
  error: null,
  progress: { json: "done" },
  branch: "feature",
  commit: "abc1234",
  pullRequest: 42,
  message: "Add *tags* to users",
};
const comparison = {
  run,
  baseline: null,
  formats: [],
  newlyFailing: [],
  missing: [],
  checks: [],
  pass: true,
  note: "no baseline given",
};

/** Answers for a route, used in turn; the last one repeats. */
const route = (key: string, ...list: Answer[]) => {
  answers[key] = list;
};
const ok = (body: unknown) => () => ({ status: 200, body });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
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
      seen.push(s);
      const list = answers[`${req.method} ${path}`];
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
      res.end(out === undefined ? "" : JSON.stringify(out));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  answers = {};
  route("POST /api/v1/runs", () => ({ status: 202, body: { id: run.id, url: run.url, status: "queued" } }));
  route(`GET /api/v1/runs/${run.id}`, ok(run));
  route(`GET /api/v1/runs/${run.id}/comparison`, ok(comparison));
});

async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  const start = Date.now();
  const res = await spawnCli(args, { WIREBENCH_TOKEN: undefined, ...env });
  return { ...res, ms: Date.now() - start };
}
const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);
const ci = (...more: string[]) => ["ci", sample, "--server", url, "--poll-interval", "0.1", ...more];

describe("wirebench ci against a scripted server", () => {
  it("takes the token from WIREBENCH_TOKEN and sends --pr and --message, shown in the Markdown", async () => {
    const md = join(dir, "pr.md");
    const res = await cli(ci("--pr", "42", "--message", "Add *tags* to users", "--markdown", md), {
      WIREBENCH_TOKEN: "wb_fromenv",
    });
    expect(res.stderr).not.toContain("wirebench:");
    expect(res.code).toBe(0);
    expect(seen.every((s) => s.authorization === "Bearer wb_fromenv")).toBe(true);
    const posted = JSON.parse(seen.find((s) => s.method === "POST")!.body);
    expect(posted).toMatchObject({ pullRequest: 42, message: "Add *tags* to users" });
    const markdown = readFileSync(md, "utf8");
    expect(markdown).toContain("for PR #42");
    // User text is a code span in the Markdown, so its `*` cannot start emphasis.
    expect(markdown).toContain("> `Add *tags* to users`");
  });

  it("sends a .capnp schema's kind, text and --root", async () => {
    const schema = join(dir, "book.capnp");
    writeFileSync(
      schema,
      "@0xd5a6b7c8e9f01234;\nstruct Book { id @0 :Int32; }\nstruct Shelf { books @0 :List(Book); }\n",
    );
    const res = await cli(ci("--token", "t", "--schema", schema, "--root", "Book"));
    expect(res.code).toBe(0);
    const posted = JSON.parse(seen.find((s) => s.method === "POST")!.body);
    expect(posted.schema).toEqual({ kind: "capnp", text: readFileSync(schema, "utf8"), rootType: "Book" });
  });

  it("prefers --token over WIREBENCH_TOKEN, and exits 2 naming --token when neither is given", async () => {
    expect((await cli(ci("--token", "wb_flag"), { WIREBENCH_TOKEN: "wb_env" })).code).toBe(0);
    expect(seen[0]!.authorization).toBe("Bearer wb_flag");
    const none = await cli(ci());
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("required option '--token <token>' not specified");
  });

  it("exits 2 on a --pr that is not a pull request number", async () => {
    const res = await cli(ci("--token", "t", "--pr", "12abc"));
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("--pr");
    expect(seen).toEqual([]);
  });

  it("waits as long as Retry-After says when polling is rate limited, then carries on", async () => {
    route(
      `GET /api/v1/runs/${run.id}`,
      () => ({
        status: 429,
        body: { error: { code: "RATE_LIMITED", message: "slow down" } },
        headers: { "retry-after": "1" },
      }),
      ok(run),
    );
    const res = await cli(ci("--token", "t"));
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("server answered 429; retrying in 1.0 s");
    const polls = seen.filter((s) => s.path === `/api/v1/runs/${run.id}`);
    expect(polls).toHaveLength(2);
    expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("backs off and retries a 503 without Retry-After, also for the comparison", async () => {
    const unavailable = () => ({
      status: 503,
      body: { error: { code: "UNAVAILABLE", message: "redis down" } },
    });
    route(`GET /api/v1/runs/${run.id}`, unavailable, unavailable, ok(run));
    route(`GET /api/v1/runs/${run.id}/comparison`, unavailable, ok(comparison));
    const res = await cli(ci("--token", "t"));
    expect(res.code).toBe(0);
    const polls = seen.filter((s) => s.path === `/api/v1/runs/${run.id}`);
    expect(polls).toHaveLength(3);
    // 0.1 s, then 0.2 s: doubling from --poll-interval.
    expect(polls[2]!.at - polls[1]!.at).toBeGreaterThanOrEqual(180);
    expect(seen.filter((s) => s.path.endsWith("/comparison"))).toHaveLength(2);
  });

  it("gives up with exit 2 when Retry-After would pass --timeout, without waiting for it", async () => {
    route(`GET /api/v1/runs/${run.id}`, () => ({
      status: 429,
      body: { error: { code: "RATE_LIMITED", message: "Too many requests; retry in 600 s." } },
      headers: { "retry-after": "600" },
    }));
    const res = await cli(ci("--token", "t", "--timeout", "5"));
    expect(res.code).toBe(2);
    expect(lastLine(res.stderr)).toBe(
      `wirebench: server answered 429 to GET /api/v1/runs/${run.id}: Too many requests; retry in 600 s. (gave up: retrying would pass --timeout)`,
    );
    expect(res.ms).toBeLessThan(5_000);
  });

  it("exits 2 with the server's message when the baseline does not resolve (404)", async () => {
    const message = 'Baseline "mian" is neither a run id nor a branch with a completed run in this project.';
    route(`GET /api/v1/runs/${run.id}/comparison`, () => ({
      status: 404,
      body: { error: { code: "NOT_FOUND", message } },
    }));
    const res = await cli(ci("--token", "t", "--baseline", "mian"));
    expect(res.code).toBe(2);
    expect(lastLine(res.stderr)).toBe(
      `wirebench: server answered 404 to GET /api/v1/runs/${run.id}/comparison?baseline=mian: ${message}`,
    );
    // 404 is an answer, not a hiccup: asked once.
    expect(seen.filter((s) => s.path.endsWith("/comparison"))).toHaveLength(1);
  });

  it("exits 1 when a watched baseline format fails in the run", async () => {
    route(
      `GET /api/v1/runs/${run.id}/comparison`,
      ok({
        ...comparison,
        baseline: { id: "baseBBBBBBBB", url: "http://wb.test/runs/base", branch: "main", commit: null },
        note: null,
        newlyFailing: [{ key: "avro", watched: true, error: "avro: cannot represent /tags" }],
        checks: [{ name: "formats", limitPct: null, failing: ["avro"], pass: false }],
        pass: false,
      }),
    );
    const res = await cli(ci("--token", "t", "--baseline", "main"));
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("- ❌ avro fails now: `avro: cannot represent /tags`");
    expect(res.stdout).toContain("- ❌ every watched baseline format still works: avro");
  });
});

describe("wirebench project tokens", () => {
  it("lists the project's tokens with WIREBENCH_TOKEN", async () => {
    route(
      "GET /api/v1/tokens",
      ok({
        tokens: [
          {
            id: "tok2",
            prefix: "wb_AbCd",
            createdAt: "2026-01-02T03:04:05.000Z",
            lastUsedAt: null,
            revokedAt: null,
          },
          {
            id: "tok1",
            prefix: "wb_XyZw",
            createdAt: "2026-01-01T00:00:00.000Z",
            lastUsedAt: "2026-01-01T10:00:00.000Z",
            revokedAt: "2026-01-02T00:00:00.000Z",
          },
        ],
      }),
    );
    const res = await cli(["project", "tokens", "--server", url], { WIREBENCH_TOKEN: "wb_env" });
    expect(res.code).toBe(0);
    expect(seen[0]!.authorization).toBe("Bearer wb_env");
    expect(res.stdout.trimEnd().split("\n")).toEqual([
      "ID    PREFIX    CREATED           LAST USED         STATE",
      "tok2  wb_AbCd…  2026-01-02 03:04  never             live",
      "tok1  wb_XyZw…  2026-01-01 00:00  2026-01-01 10:00  revoked 2026-01-02 00:00",
    ]);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates, and ignores anything else", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
