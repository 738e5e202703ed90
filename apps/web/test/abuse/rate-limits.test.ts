import fc from "fast-check";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "../../proxy.ts";
import { postProject, postToken } from "../../src/server/http/projects-api.ts";
import { postRun } from "../../src/server/http/runs-api.ts";
import { createProject, revokeToken } from "../../src/server/services/create-project.ts";
import { createTestServices, type TestServices } from "../api/test-services.ts";
import { alongside, bystander, errorOf, freshAddress, from, jsonPost } from "./abuse-kit.ts";

const small = '{"sample":"[{\\"a\\":1}]","formats":["json"]}';
const cleanups: TestServices[] = [];
afterAll(async () => {
  for (const s of cleanups) await s.close();
});
const services = async (label: string, env: Record<string, string>) => {
  const s = await createTestServices(label, env);
  cleanups.push(s);
  const created = await postRun(s, jsonPost("/api/v1/runs", small, from(bystander)));
  return { s, runId: ((await created.json()) as { id: string }).id };
};

/** Made-up tokens: any printable text after Bearer, as a guesser would send. */
const madeUpToken = fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/);

describe("made-up tokens", () => {
  let s: TestServices;
  let runId: string;
  beforeAll(async () => {
    ({ s, runId } = await services("abuse-tokens", { WIREBENCH_RATE_LIMIT_CREATE: "5" }));
  });

  it("spend the sender's address budget and never lock out a real token, even from that address", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(madeUpToken, { minLength: 30, maxLength: 30 }), async (guesses) => {
        const attacker = freshAddress();
        const { token } = await createProject(s, `ci-${attacker}`);
        const { result: statuses, read } = await alongside(s, runId, async () => {
          const out: number[] = [];
          for (const g of guesses)
            out.push(
              (
                await postRun(
                  s,
                  jsonPost("/api/v1/runs", small, from(attacker, { authorization: `Bearer ${g}` })),
                )
              ).status,
            );
          return out;
        });
        expect(read.status).toBe(200);
        expect(statuses).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
        const real = await postRun(
          s,
          jsonPost("/api/v1/runs", small, from(attacker, { authorization: `Bearer ${token}` })),
        );
        expect(real.status).toBe(202);
        // From elsewhere, the same real token is served too; the attacker's own anonymous budget is gone.
        expect(
          (
            await postRun(
              s,
              jsonPost("/api/v1/runs", small, from(freshAddress(), { authorization: `Bearer ${token}` })),
            )
          ).status,
        ).toBe(202);
        expect((await postRun(s, jsonPost("/api/v1/runs", small, from(attacker)))).status).toBe(429);
      }),
      { numRuns: 3 },
    );
  });
});

describe("anonymous callers", () => {
  let s: TestServices;
  let runId: string;
  beforeAll(async () => {
    ({ s, runId } = await services("abuse-anon", { WIREBENCH_RATE_LIMIT_CREATE: "4" }));
  });

  /** Requests the API refuses: not JSON, a scalar sample, an unknown format, an empty sample. */
  const refusedBody = fc.oneof(
    fc.string({ maxLength: 40 }).map((t) => `{"sample": ${JSON.stringify(t)}, "formats": ["nope"]}`),
    fc.constantFrom('{"sample": 1}', '{"sample": ""}', "{", "[]", '{"sample":"[{}]","extra":1}'),
  );

  it("each get their own bucket: refused requests drain only the sender's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(refusedBody, { minLength: 8, maxLength: 8 }), async (bodies) => {
        const attacker = freshAddress();
        const { result: statuses, read } = await alongside(s, runId, async () => {
          const out: number[] = [];
          for (const b of bodies)
            out.push((await postRun(s, jsonPost("/api/v1/runs", b, from(attacker)))).status);
          return out;
        });
        expect(read.status).toBe(200);
        expect(statuses.slice(0, 4).every((st) => st === 400)).toBe(true);
        expect(statuses.slice(4)).toEqual([429, 429, 429, 429]);
        expect((await postRun(s, jsonPost("/api/v1/runs", small, from(freshAddress())))).status).toBe(202);
      }),
      { numRuns: 3 },
    );
  });

  it("of one IPv6 /64 share a bucket, so rotating addresses inside it buys nothing", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++)
      statuses.push(
        (await postRun(s, jsonPost("/api/v1/runs", small, from(`2001:db8:7:7::${i.toString(16)}`)))).status,
      );
    expect(statuses).toEqual([202, 202, 202, 202, 429, 429]);
  });
});

describe("tokens per project", () => {
  it("are capped; a revoked token still counts for a day, so minting buys no fresh budgets", async () => {
    const { s, runId } = await services("abuse-mint", { WIREBENCH_MAX_TOKENS_PER_PROJECT: "3" });
    const project = await createProject(s, "Minter");
    const mint = () =>
      postToken(
        s,
        jsonPost("/api/v1/tokens", "", from(freshAddress(), { authorization: `Bearer ${project.token}` })),
      );
    const { result: minted, read } = await alongside(s, runId, async () => [
      await mint(),
      await mint(),
      await mint(),
    ]);
    expect(read.status).toBe(200);
    expect(minted.map((r) => r.status)).toEqual([201, 201, 403]);
    const refused = await errorOf(minted[2]!);
    expect(refused.message).toMatch(/the limit is 3 \(WIREBENCH_MAX_TOKENS_PER_PROJECT\)/);
    const { id } = (await minted[1]!.json()) as { id: string };
    await revokeToken(s, project.id, id);
    expect((await mint()).status).toBe(403);
    expect(await s.prisma.apiToken.count({ where: { projectId: project.id } })).toBe(3);
  });
});

describe("new projects", () => {
  it("are limited per address per day, so fresh projects cannot stand in for fresh tokens", async () => {
    const { s, runId } = await services("abuse-projects", {
      WIREBENCH_PROJECTS_PER_DAY: "2",
      WIREBENCH_RATE_LIMIT_CREATE: "100",
    });
    const attacker = freshAddress();
    const create = (ip: string, name: string) =>
      postProject(s, jsonPost("/api/v1/projects", JSON.stringify({ name }), from(ip)));
    const names = fc.sample(fc.stringMatching(/^[a-z][a-z0-9]{3,12}$/), 20);
    const unique = [...new Set(names)].slice(0, 4);
    const { result, read } = await alongside(s, runId, async () => {
      const out: Response[] = [];
      for (const name of unique) out.push(await create(attacker, name));
      return out;
    });
    expect(read.status).toBe(200);
    expect(result.map((r) => r.status)).toEqual([201, 201, 429, 429]);
    expect(Number(result[2]!.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect((await errorOf(result[2]!)).message).toMatch(
      /its 2 projects for the day \(WIREBENCH_PROJECTS_PER_DAY\)/,
    );
    expect((await create(freshAddress(), "elsewhere")).status).toBe(201);
    expect(await s.prisma.project.count()).toBe(3);
  });
});

describe("a project's daily quota", () => {
  it("binds all of the project's tokens together and says when to retry", async () => {
    const { s, runId } = await services("abuse-quota", {
      WIREBENCH_PROJECT_RUNS_PER_DAY: "4",
      WIREBENCH_RATE_LIMIT_CREATE: "100",
    });
    const project = await createProject(s, "Quota");
    const second = (await (
      await postToken(s, jsonPost("/api/v1/tokens", "", { authorization: `Bearer ${project.token}` }))
    ).json()) as { token: string };
    const tokens = [project.token, second.token];
    const { result: statuses, read } = await alongside(s, runId, async () => {
      const out: Response[] = [];
      for (let i = 0; i < 6; i++)
        out.push(
          await postRun(s, jsonPost("/api/v1/runs", small, { authorization: `Bearer ${tokens[i % 2]}` })),
        );
      return out;
    });
    expect(read.status).toBe(200);
    expect(statuses.map((r) => r.status)).toEqual([202, 202, 202, 202, 429, 429]);
    expect(Number(statuses[4]!.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await errorOf(statuses[4]!)).message).toMatch(
      /its 4 runs for the day \(WIREBENCH_PROJECT_RUNS_PER_DAY\)/,
    );
    expect(await s.prisma.run.count({ where: { projectId: project.id } })).toBe(4);
  });
});

describe("the queue-depth cap", () => {
  it("answers 503 with Retry-After once WIREBENCH_MAX_QUEUE_DEPTH jobs wait, creating nothing", async () => {
    const { s, runId } = await services("abuse-queue", {
      WIREBENCH_MAX_QUEUE_DEPTH: "3",
      WIREBENCH_RATE_LIMIT_CREATE: "100",
    });
    // The bystander's run is the first waiting job (no worker runs in these tests).
    const { result, read } = await alongside(s, runId, async () => {
      const out: Response[] = [];
      for (let i = 0; i < 4; i++)
        out.push(await postRun(s, jsonPost("/api/v1/runs", small, from(freshAddress()))));
      return out;
    });
    expect(read.status).toBe(200);
    expect(result.map((r) => r.status)).toEqual([202, 202, 503, 503]);
    expect(result[2]!.headers.get("retry-after")).toBe("30");
    expect((await errorOf(result[2]!)).message).toMatch(
      /queue is full \(3 waiting; WIREBENCH_MAX_QUEUE_DEPTH is 3\)/,
    );
    expect(await s.prisma.run.count()).toBe(3);
    expect(await s.queue.getWaitingCount()).toBe(3);
  });
});

describe("run pages", () => {
  it("are limited like the API, per address: /runs/[id] and its history", async () => {
    const { s, runId } = await services("abuse-pages", { WIREBENCH_RATE_LIMIT_READ: "3" });
    (globalThis as { wirebenchServices?: TestServices }).wirebenchServices = s;
    const page = (path: string, ip: string) =>
      proxy(new NextRequest(`http://wirebench.test${path}`, { headers: from(ip) }));
    const attacker = freshAddress();
    const paths = [`/runs/${runId}`, `/runs/${runId}/history`];
    const { result, read } = await alongside(s, runId, async () => {
      const out: Response[] = [];
      for (let i = 0; i < 6; i++) out.push(await page(paths[i % 2]!, attacker));
      return out;
    });
    expect(read.status).toBe(200);
    // Passed on to the page (NextResponse.next) until the address's reads are spent.
    expect(result.map((r) => r.headers.get("x-middleware-next") === "1")).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(result[3]!.status).toBe(429);
    expect(Number(result[3]!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The same read budget as the API: the attacker's run polls are refused too; others are not.
    expect((await page(`/runs/${runId}`, freshAddress())).headers.get("x-middleware-next")).toBe("1");
    expect((await page("/", attacker)).headers.get("x-middleware-next")).toBe("1");
  });
});
