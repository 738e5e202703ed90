import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRunResponse, postRun } from "../../src/server/http/runs-api.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

const cleanups: TestServices[] = [];
afterAll(async () => {
  for (const s of cleanups) await s.close();
});

describe("rate limits and outages", () => {
  let s: TestServices;
  beforeAll(async () => {
    // Behind one trusted proxy, so X-Forwarded-For tells clients apart.
    s = await createTestServices("ratelimit", {
      WIREBENCH_RATE_LIMIT_CREATE: "2",
      WIREBENCH_TRUST_PROXY: "1",
    });
    cleanups.push(s);
  });

  it("answers 429 with Retry-After once a client goes over its limit", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await postRun(s, post('{"sample":"[{}]"}'))).status);
    expect(statuses).toEqual([202, 202, 429]);
    const res = await postRun(s, post('{"sample":"[{}]"}'));
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).error.code).toBe("RATE_LIMITED");
    // Another client (IP) is not affected.
    expect((await postRun(s, post('{"sample":"[{}]"}', { "x-forwarded-for": "10.9.9.9" }))).status).toBe(202);
  });

  it("answers GET for an unknown run with 404 and a JSON error", async () => {
    const res = await getRunResponse(s, new Request("http://wirebench.test/api/v1/runs/nope"), "nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "NOT_FOUND", message: "No run with id nope." } });
  });

  it("answers GET with an ETag and 304 when nothing changed", async () => {
    const created = await (
      await postRun(s, post('{"sample":"[{}]"}', { "x-forwarded-for": "10.9.9.8" }))
    ).json();
    const first = await getRunResponse(s, new Request(`http://x/api/v1/runs/${created.id}`), created.id);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect((await first.json()).status).toBe("queued");
    const again = await getRunResponse(
      s,
      new Request("http://x", { headers: { "if-none-match": etag } }),
      created.id,
    );
    expect(again.status).toBe(304);
    await s.prisma.run.update({ where: { id: created.id }, data: { status: "running" } });
    const changed = await getRunResponse(
      s,
      new Request("http://x", { headers: { "if-none-match": etag } }),
      created.id,
    );
    expect(changed.status).toBe(200);
  });

  it("answers 503, not 500, when Redis is down, and leaves no run behind", async () => {
    const down = await createTestServices("redisdown", { REDIS_URL: "redis://127.0.0.1:1" });
    cleanups.push(down);
    const res = await postRun(down, post('{"sample":"[{}]"}'));
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe("UNAVAILABLE");
    expect(await down.prisma.run.count({ where: { status: { in: ["queued", "running"] } } })).toBe(0);
  });

  it("answers 503 when PostgreSQL is down", async () => {
    const down = await createTestServices("pgdown");
    cleanups.push(down);
    const broken = {
      ...down,
      prisma: (await import("@wirebench/db")).createPrismaClient("postgresql://postgres@127.0.0.1:1/x"),
    };
    const res = await postRun(broken, post('{"sample":"[{}]"}'));
    expect(res.status).toBe(503);
    await broken.prisma.$disconnect();
  });
});
