import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postProject } from "../../src/server/http/projects-api.ts";
import { postRun } from "../../src/server/http/runs-api.ts";
import { createProject } from "../../src/server/services/create-project.ts";
import { handleTrpc } from "../../src/server/trpc/handler.ts";
import { createTestServices, type TestServices } from "../api/test-services.ts";
import { alongside, freshAddress, from, jsonPost } from "./abuse-kit.ts";

let s: TestServices;
let runId: string;
let token: string;
beforeAll(async () => {
  s = await createTestServices("abuse-csrf", { WIREBENCH_RATE_LIMIT_CREATE: "10000" });
  token = (await createProject(s, "CSRF")).token;
  const created = await postRun(s, jsonPost("/api/v1/runs", '{"sample":"[{}]"}', from(freshAddress())));
  runId = ((await created.json()) as { id: string }).id;
});
afterAll(async () => s?.close());

/** What an HTML form or a no-cors fetch on another site can send without a preflight, and near misses. */
const crossSiteType = fc.oneof(
  fc.constantFrom(
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=----x",
    "application/jsonp",
    "text/json",
  ),
  fc.stringMatching(/^[a-z]{1,10}\/[a-z+.-]{1,20}$/).filter((t) => t !== "application/json"),
);
const runBody = JSON.stringify({ sample: '[{"a": 1}]', formats: ["json"] });

const send = (path: string, body: string, headers: Record<string, string>) =>
  new Request(`http://wirebench.test${path}`, { method: "POST", body, headers });

describe("a cross-site POST", () => {
  it("creates no run and no project through REST or tRPC: 415", async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(crossSiteType, { nil: undefined }), async (type) => {
        const before = [await s.prisma.run.count(), await s.prisma.project.count()];
        const headers = from(freshAddress(), type ? { "content-type": type } : {});
        const { result, read } = await alongside(s, runId, () =>
          Promise.all([
            postRun(s, send("/api/v1/runs", runBody, headers)),
            postProject(s, send("/api/v1/projects", '{"name": "csrf"}', headers)),
            handleTrpc(s, send("/api/trpc/runs.create?batch=1", `{"0": ${runBody}}`, headers)),
          ]),
        );
        expect(read.status).toBe(200);
        expect(result.map((r) => r.status)).toEqual([415, 415, 415]);
        // tRPC answers a request it cannot read as a batch with one error, not an array of them.
        type Reply = { error: { data: { code: string } } };
        const reply = (await result[2]!.json()) as Reply | Reply[];
        expect((Array.isArray(reply) ? reply[0]! : reply).error.data.code).toBe("UNSUPPORTED_MEDIA_TYPE");
        expect([await s.prisma.run.count(), await s.prisma.project.count()]).toEqual(before);
      }),
      { numRuns: 12 },
    );
  });

  it("is told what to send", async () => {
    const res = await postRun(
      s,
      send("/api/v1/runs", runBody, from(freshAddress(), { "content-type": "text/plain" })),
    );
    expect(await res.json()).toEqual({
      error: {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: 'Send the request body as JSON with Content-Type: application/json (got "text/plain").',
      },
    });
  });
});

describe("a same-site or token request", () => {
  it("creates runs with application/json (any parameters), or with a token whatever the type", async () => {
    const ok = [
      await postRun(
        s,
        send("/api/v1/runs", runBody, from(freshAddress(), { "content-type": "application/json" })),
      ),
      await postRun(
        s,
        send(
          "/api/v1/runs",
          runBody,
          from(freshAddress(), { "content-type": "Application/JSON; charset=utf-8" }),
        ),
      ),
      await postRun(
        s,
        send(
          "/api/v1/runs",
          runBody,
          from(freshAddress(), { "content-type": "text/plain", authorization: `Bearer ${token}` }),
        ),
      ),
      await handleTrpc(
        s,
        send(
          "/api/trpc/runs.create?batch=1",
          `{"0": ${runBody}}`,
          from(freshAddress(), { "content-type": "application/json" }),
        ),
      ),
    ];
    expect(ok.map((r) => r.status)).toEqual([202, 202, 202, 200]);
    // A made-up token does not open the door: it is refused as a token.
    const fake = await postRun(
      s,
      send(
        "/api/v1/runs",
        runBody,
        from(freshAddress(), { "content-type": "text/plain", authorization: "Bearer wb_fake" }),
      ),
    );
    expect(fake.status).toBe(401);
  });
});
