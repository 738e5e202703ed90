import { afterAll, describe, expect, it } from "vitest";
import { parseWebEnv } from "../../src/env.ts";
import { postRun } from "../../src/server/http/runs-api.ts";
import { createProject } from "../../src/server/services/create-project.ts";
import { clientIp } from "../../src/server/services/rate-limit.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

const cleanups: TestServices[] = [];
afterAll(async () => {
  for (const s of cleanups) await s.close();
});

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientIp", () => {
  it("ignores X-Forwarded-For and X-Real-IP unless a proxy is trusted", () => {
    const h = headers({ "x-forwarded-for": "6.6.6.6, 10.0.0.1", "x-real-ip": "7.7.7.7" });
    expect(clientIp(h, 0)).toBeNull();
  });

  it("takes the entry the trusted proxies appended, not the one the client wrote first", () => {
    const h = headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.1" });
    expect(clientIp(h, 1)).toBe("10.0.0.1");
    expect(clientIp(h, 2)).toBe("203.0.113.9");
    expect(clientIp(h, 9)).toBe("6.6.6.6");
    expect(clientIp(headers({ "x-real-ip": "7.7.7.7" }), 1)).toBe("7.7.7.7");
  });

  it("reads WIREBENCH_TRUST_PROXY as true, false or a hop count, off by default", () => {
    expect(parseWebEnv({}).WIREBENCH_TRUST_PROXY).toBe(0);
    expect(parseWebEnv({ WIREBENCH_TRUST_PROXY: "true" }).WIREBENCH_TRUST_PROXY).toBe(1);
    expect(parseWebEnv({ WIREBENCH_TRUST_PROXY: "false" }).WIREBENCH_TRUST_PROXY).toBe(0);
    expect(parseWebEnv({ WIREBENCH_TRUST_PROXY: "2" }).WIREBENCH_TRUST_PROXY).toBe(2);
    expect(() => parseWebEnv({ WIREBENCH_TRUST_PROXY: "yes please" })).toThrow(
      /^Invalid environment: WIREBENCH_TRUST_PROXY: /,
    );
  });
});

describe("rate limiting through POST /api/v1/runs", () => {
  it("does not give a client that forges X-Forwarded-For a fresh bucket by default", async () => {
    const s = await createTestServices("rlspoof", { WIREBENCH_RATE_LIMIT_CREATE: "2" });
    cleanups.push(s);
    const statuses: number[] = [];
    for (const ip of ["1.1.1.1", "2.2.2.2", "3.3.3.3"])
      statuses.push((await postRun(s, post('{"sample":"[{}]"}', { "x-forwarded-for": ip }))).status);
    expect(statuses).toEqual([202, 202, 429]);
  });

  it("refuses a flood of made-up tokens with 429 before looking any of them up", async () => {
    const s = await createTestServices("rlbadtoken", { WIREBENCH_RATE_LIMIT_CREATE: "3" });
    cleanups.push(s);
    let lookups = 0;
    const apiToken = s.prisma.apiToken;
    const countingToken = new Proxy(apiToken, {
      get(target, prop, receiver) {
        if (prop !== "findUnique") return Reflect.get(target, prop, receiver);
        return (...args: Parameters<typeof apiToken.findUnique>) => {
          lookups++;
          return target.findUnique(...args);
        };
      },
    });
    const counted = {
      ...s,
      prisma: new Proxy(s.prisma, {
        get: (target, prop, receiver) =>
          prop === "apiToken" ? countingToken : Reflect.get(target, prop, receiver),
      }),
    };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await postRun(counted, post('{"sample":"[{}]"}', { authorization: `Bearer wb_guess${i}` }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    expect(lookups).toBe(3);
    expect(await s.prisma.run.count()).toBe(0);
  });

  it("without a known address, a project token keeps its own budget while anonymous callers share one", async () => {
    const s = await createTestServices("rltoken", { WIREBENCH_RATE_LIMIT_CREATE: "2" });
    cleanups.push(s);
    const { token } = await createProject(s, "CI");
    const anonymous = [];
    for (let i = 0; i < 3; i++) anonymous.push((await postRun(s, post('{"sample":"[{}]"}'))).status);
    expect(anonymous).toEqual([202, 202, 429]);
    const withToken = [];
    for (let i = 0; i < 3; i++)
      withToken.push(
        (await postRun(s, post('{"sample":"[{}]"}', { authorization: `Bearer ${token}` }))).status,
      );
    expect(withToken).toEqual([202, 202, 429]);
  });
});
