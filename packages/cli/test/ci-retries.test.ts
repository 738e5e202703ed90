import { describe, expect, it } from "vitest";
import { retryAfterMs } from "../src/ci/retrying-get.ts";
import { cli, comparison, lastLine, ok, run, useScriptedServer } from "./scripted-server.ts";

/** `wirebench ci` when the server says "later" (429, 503), and `project tokens`. */
const { srv, ci } = useScriptedServer();

describe("wirebench ci retries", () => {
  it("waits as long as Retry-After says when polling is rate limited, then carries on", async () => {
    srv.route(
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
    const polls = srv.seen.filter((s) => s.path === `/api/v1/runs/${run.id}`);
    expect(polls).toHaveLength(2);
    expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("backs off and retries a 503 without Retry-After, also for the comparison", async () => {
    const unavailable = () => ({
      status: 503,
      body: { error: { code: "UNAVAILABLE", message: "redis down" } },
    });
    srv.route(`GET /api/v1/runs/${run.id}`, unavailable, unavailable, ok(run));
    srv.route(`GET /api/v1/runs/${run.id}/comparison`, unavailable, ok(comparison));
    const res = await cli(ci("--token", "t"));
    expect(res.code).toBe(0);
    const polls = srv.seen.filter((s) => s.path === `/api/v1/runs/${run.id}`);
    expect(polls).toHaveLength(3);
    // 0.1 s, then 0.2 s: doubling from --poll-interval.
    expect(polls[2]!.at - polls[1]!.at).toBeGreaterThanOrEqual(180);
    expect(srv.seen.filter((s) => s.path.endsWith("/comparison"))).toHaveLength(2);
  });

  it("gives up with exit 2 when Retry-After would pass --timeout, without waiting for it", async () => {
    srv.route(`GET /api/v1/runs/${run.id}`, () => ({
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
});

describe("wirebench project tokens", () => {
  it("lists the project's tokens with WIREBENCH_TOKEN", async () => {
    srv.route(
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
    const res = await cli(["project", "tokens", "--server", srv.url], { WIREBENCH_TOKEN: "wb_env" });
    expect(res.code).toBe(0);
    expect(srv.seen[0]!.authorization).toBe("Bearer wb_env");
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
