import { readFileSync } from "node:fs";
import { storedRunOptionsSchema } from "@wirebench/contracts";
import { jsonCheckerCases } from "@wirebench/corpus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRun } from "../../src/server/http/runs-api.ts";
import { createProject, revokeToken } from "../../src/server/services/create-project.ts";
import { body, runPoster } from "./run-poster.ts";
import { createTestServices, lazyBody, post, type TestServices } from "./test-services.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("postrun", {
    WIREBENCH_MAX_INPUT_BYTES: String(1024 * 1024),
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
  });
});
afterAll(async () => s?.close());

const { postAccepted, expectNoNewRun, expectOnlyAccepted } = runPoster(() => s);

describe("POST /api/v1/runs", () => {
  it("writes the run as queued, then enqueues a job carrying only its id", async () => {
    const res = await postAccepted(post(JSON.stringify({ sample: { id: 1, name: "a" }, formats: ["json"] })));
    expect(res.status).toBe(202);
    const created = await body(res);
    expect(created.id).toMatch(/^[\w-]{22}$/);
    expect(created.url).toBe(`http://wirebench.test/runs/${created.id}`);
    expect(created.status).toBe("queued");
    const run = await s.prisma.run.findUniqueOrThrow({ where: { id: created.id as string } });
    expect(run.status).toBe("queued");
    expect(run.formats).toEqual(["json"]);
    // Stored through the contract the worker reads it with, with the limits the run was accepted under.
    expect(storedRunOptionsSchema.parse(run.options)).toEqual({
      parseLimits: {
        maxDepth: s.env.WIREBENCH_MAX_DEPTH,
        maxKeys: s.env.WIREBENCH_MAX_KEYS,
        maxTotalKeys: s.env.WIREBENCH_MAX_TOTAL_KEYS,
        maxTotalObjects: s.env.WIREBENCH_MAX_TOTAL_OBJECTS,
      },
    });
    const job = await s.queue.getJob(created.id as string);
    expect(job?.data).toEqual({ runId: created.id });
  });

  it("keeps a JSON-value sample's numbers exactly as written (int64 ids, 1.0)", async () => {
    const res = await postAccepted(
      post('{"sample": {"id": 505874924095815681, "ratio": 1.0, "n": -0.5e-3}}'),
    );
    const { id } = await body(res);
    const run = await s.prisma.run.findUniqueOrThrow({ where: { id: id as string } });
    expect(run.sampleText).toBe('{"id":505874924095815681,"ratio":1.0,"n":-0.5e-3}');
  });

  it("refuses a top-level scalar sample before creating a run", async () => {
    const res = await expectNoNewRun(() => postRun(s, post(JSON.stringify({ sample: "42" }))));
    expect(res.status).toBe(400);
    expect((await body(res)).error?.message).toBe(
      "sample: the top-level value is a number; give an object, an array of objects, or NDJSON records",
    );
  });

  it("gives run ids that do not repeat (share links must be unguessable)", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++)
      ids.add((await body(await postAccepted(post('{"sample":"[{}]"}')))).id as string);
    expect(ids.size).toBe(5);
  });

  const failCases = jsonCheckerCases().filter((c) => !c.valid);
  it.each(failCases.map((c) => [c.name, c.path]))(
    "rejects jsonchecker %s as a sample with 400",
    async (_n, path) => {
      const res = await expectNoNewRun(() =>
        postRun(s, post(JSON.stringify({ sample: readFileSync(path, "utf8") }))),
      );
      expect(res.status).toBe(400);
      const { error } = await body(res);
      expect(error?.code).toBe("BAD_REQUEST");
      expect(error?.message).toMatch(
        /^sample: (invalid JSON at line \d+, column \d+|nesting deeper than 256 levels)/,
      );
    },
  );

  it("names the line and column of a JSON error in the sample", async () => {
    const res = await expectNoNewRun(() =>
      postRun(s, post(JSON.stringify({ sample: '{\n  "a": 1,\n  "b": tru\n}' }))),
    );
    expect((await body(res)).error?.message).toMatch(/^sample: invalid JSON at line 3, column 8/);
  });

  it.each([
    ["a malformed body", "{sample: 1}", /^Request body is not valid JSON \(line 1, column 2\)/],
    ["an empty body", "", /^Request body is empty/],
    ["a body that is not an object", "[1,2]", /^Request body must be a JSON object/],
    ["an unknown field", '{"sample": 1, "sampel": 2}', /^Invalid request: .*sampel/],
    ["neither sample nor schema", '{"formats": ["json"]}', /give a sample, a schema, or both/],
    ["a bad sampleFormat", '{"sample": "1", "sampleFormat": "xml"}', /^Invalid request: sampleFormat/],
  ])("rejects %s with 400 and a clear message", async (_what, text, message) => {
    const res = await expectNoNewRun(() => postRun(s, post(text)));
    expect(res.status).toBe(400);
    expect((await body(res)).error?.message).toMatch(message);
  });

  it("rejects 10,000 levels of nesting with 400, without overflowing the stack", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const res = await expectNoNewRun(() => postRun(s, post(`{"sample": ${deep}}`)));
    expect(res.status).toBe(400);
    expect((await body(res)).error?.message).toMatch(
      /^Request body: nesting deeper than 257 levels at line 1, column \d+ .*\(WIREBENCH_MAX_DEPTH is 256\)/,
    );
    const asText = await expectNoNewRun(() => postRun(s, post(JSON.stringify({ sample: deep }))));
    expect(asText.status).toBe(400);
    expect((await body(asText)).error?.message).toMatch(
      /^sample: nesting deeper than 256 levels at line 1, column 257/,
    );
  });

  const limit = 1024 * 1024;
  const twentyMbOver = limit + 20 * 1024 * 1024;

  it("rejects a body 20 MB over the limit by Content-Length with 413, reading none of it", async () => {
    const { stream, counter } = lazyBody(twentyMbOver);
    const req = new Request("http://wirebench.test/api/v1/runs", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json", "content-length": String(twentyMbOver) },
      duplex: "half",
    } as RequestInit);
    const res = await expectNoNewRun(() => postRun(s, req));
    expect(res.status).toBe(413);
    const { error } = await body(res);
    expect(error?.code).toBe("PAYLOAD_TOO_LARGE");
    expect(error?.message).toBe(
      `Request body is ${twentyMbOver} bytes; the limit is ${limit} bytes (WIREBENCH_MAX_INPUT_BYTES).`,
    );
    expect(counter.pulled).toBe(0);
  });

  it("rejects a chunked body 20 MB over the limit with 413, stopping soon after the limit", async () => {
    const { stream, counter } = lazyBody(twentyMbOver);
    const req = new Request("http://wirebench.test/api/v1/runs", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const res = await expectNoNewRun(() => postRun(s, req));
    expect(res.status).toBe(413);
    expect((await body(res)).error?.message).toBe(
      `Request body is over ${limit} bytes; the limit is ${limit} bytes (WIREBENCH_MAX_INPUT_BYTES).`,
    );
    // The server read at most a couple of chunks past the limit, not the 21 MB on offer.
    expect(counter.pulled).toBeLessThan(limit + 4 * 64 * 1024);
  });

  it("refuses a wrong, malformed or revoked token with 401", async () => {
    const project = await createProject(s, `Tokens ${Date.now()}`);
    const ok = await postAccepted(post('{"sample":"[{}]"}', { authorization: `Bearer ${project.token}` }));
    expect(ok.status).toBe(202);
    const run = await s.prisma.run.findUniqueOrThrow({ where: { id: (await body(ok)).id as string } });
    expect(run.projectId).toBe(project.id);
    expect(await s.prisma.apiToken.count({ where: { tokenHash: project.token } })).toBe(0); // stored hashed

    for (const auth of ["Bearer wb_nope", "Basic abc", `Bearer ${project.token}x`]) {
      const res = await expectNoNewRun(() => postRun(s, post('{"sample":"[{}]"}', { authorization: auth })));
      expect(res.status).toBe(401);
    }
    const tokenRow = await s.prisma.apiToken.findFirstOrThrow({ where: { projectId: project.id } });
    await revokeToken(s, project.id, tokenRow.id);
    const revoked = await expectNoNewRun(() =>
      postRun(s, post('{"sample":"[{}]"}', { authorization: `Bearer ${project.token}` })),
    );
    expect(revoked.status).toBe(401);
    expect((await body(revoked)).error?.message).toBe("This API token was revoked.");
  });

  it("leaves behind only the accepted runs, each queued with its job", () => expectOnlyAccepted());
});
