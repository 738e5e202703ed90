import { afterAll, describe, expect, it } from "vitest";
import { parseWebEnv } from "../../src/env.ts";
import { postRun } from "../../src/server/http/runs-api.ts";
import {
  addressBucket,
  clientIp,
  markPeerAddressHeaderWritten,
  peerAddressHeader,
} from "../../src/server/services/client-address.ts";
import { createProject } from "../../src/server/services/create-project.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

const cleanups: TestServices[] = [];
afterAll(async () => {
  for (const s of cleanups) await s.close();
});

const headers = (h: Record<string, string>) => new Headers(h);

describe("clientIp", () => {
  it("reads the peer address header only once the server that writes it has said so", () => {
    const h = headers({ [peerAddressHeader]: "192.0.2.7" });
    expect(clientIp(h, 0)).toBeNull();
    markPeerAddressHeaderWritten();
    expect(clientIp(h, 0)).toBe("192.0.2.7");
    // A trusted proxy's X-Forwarded-For wins: the peer is then the proxy itself.
    expect(clientIp(headers({ [peerAddressHeader]: "10.0.0.2", "x-forwarded-for": "192.0.2.8" }), 1)).toBe(
      "192.0.2.8",
    );
  });

  it("buckets IPv4 as is, IPv4-mapped IPv6 as IPv4 and IPv6 by its /64", () => {
    expect(addressBucket("192.0.2.7")).toBe("192.0.2.7");
    expect(addressBucket("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2:bbbb::9")).toBe(addressBucket("2001:db8:1:2:aaaa::1"));
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(addressBucket("2001:db8:1:2::1"));
    expect(addressBucket("not an address")).toBe("not an address");
  });

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

  it("charges made-up tokens to the sender's address, so a real token from it still gets in", async () => {
    const s = await createTestServices("rlbadtoken", { WIREBENCH_RATE_LIMIT_CREATE: "3" });
    cleanups.push(s);
    const { token } = await createProject(s, "CI");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postRun(s, post('{"sample":"[{}]"}', { authorization: `Bearer wb_guess${i}` }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    const real = await postRun(s, post('{"sample":"[{}]"}', { authorization: `Bearer ${token}` }));
    expect(real.status).toBe(202);
    // The anonymous bucket of that (unknown) address is the one the guesses spent.
    expect((await postRun(s, post('{"sample":"[{}]"}'))).status).toBe(429);
    expect(await s.prisma.run.count()).toBe(1);
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
