import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRun } from "../../src/server/http/runs-api.ts";
import { createProject } from "../../src/server/services/create-project.ts";
import { body, runPoster } from "./run-poster.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

/** POST /api/v1/runs with a schema, format names or a baseline: what is refused before a run exists. */
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("postrunschema", { WIREBENCH_RATE_LIMIT_CREATE: "1000" });
});
afterAll(async () => s?.close());

const { postAccepted, expectNoNewRun, expectOnlyAccepted } = runPoster(() => s);

describe("POST /api/v1/runs with a schema, formats or a baseline", () => {
  it.each([
    [
      "a .proto that does not parse",
      { sample: '{"a": 1}', schema: { kind: "proto", text: "message {" } },
      /^schema: \.proto does not parse: /,
    ],
    [
      "an .avsc that is not JSON",
      { sample: '{"a": 1}', schema: { kind: "avsc", text: "{type: record" } },
      /^schema: \.avsc does not parse/,
    ],
    [
      "a JSON Schema that is not JSON",
      { schema: { kind: "jsonschema", text: "{" } },
      /^schema: JSON Schema is not valid JSON/,
    ],
    [
      "a JSON Schema nested 10,000 levels deep",
      { schema: { kind: "jsonschema", text: `${"[".repeat(10_000)}${"]".repeat(10_000)}` } },
      /^schema: nesting deeper than 256 levels/,
    ],
    [
      "an unknown format",
      { sample: '{"a": 1}', formats: ["json", "protobuff"] },
      /^formats: unknown format "protobuff"; choose from .*\bprotobuf\b/,
    ],
    [
      "a sample that does not follow its schema",
      {
        sample: '{"id": "not a number"}',
        schema: { kind: "proto", text: 'syntax = "proto3"; message M { int64 id = 1; }' },
      },
      /^sample: the sample does not follow the schema: \/id: /,
    ],
    [
      "a sample for a schema nested beyond the web's depth limit",
      {
        sample: `{"id": 1, "x": ${"[".repeat(300)}${"]".repeat(300)}}`,
        schema: { kind: "proto", text: 'syntax = "proto3"; message M { int64 id = 1; }' },
      },
      /^sample: nesting deeper than 256 levels at line 1, column \d+ \(limit maxDepth\)/,
    ],
    [
      "an NDJSON line with a syntax error under a schema",
      {
        sample: '{"id": 1}\n{"id": }',
        sampleFormat: "ndjson",
        schema: { kind: "proto", text: 'syntax = "proto3"; message M { int64 id = 1; }' },
      },
      /^sample: line 2: invalid JSON at line 1, column 8/,
    ],
  ])("rejects %s with 400 before a run exists", async (_what, request, message) => {
    const res = await expectNoNewRun(() => postRun(s, post(JSON.stringify(request))));
    expect(res.status).toBe(400);
    const { error } = await body(res);
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toMatch(message);
  });

  it("accepts a schema-only run and a sample that follows its schema", async () => {
    const proto = 'syntax = "proto3"; message M { int64 id = 1; string name = 2; }';
    for (const request of [
      { schema: { kind: "proto", text: proto } },
      {
        sample: '[{"id": 1, "name": "a"}, {"id": "2", "name": "b"}]',
        schema: { kind: "proto", text: proto },
      },
    ]) {
      expect((await postAccepted(post(JSON.stringify(request)))).status).toBe(202);
    }
  });

  it("refuses a baseline that names no run and no branch with 400, before a run exists", async () => {
    const project = await createProject(s, `Baselines ${Date.now()}`);
    const auth = { authorization: `Bearer ${project.token}` };
    const res = await expectNoNewRun(() =>
      postRun(s, post(JSON.stringify({ sample: "[{}]", baseline: "mian" }), auth)),
    );
    expect(res.status).toBe(400);
    expect((await body(res)).error?.message).toBe(
      'baseline: "mian" is neither a run id nor a branch with any run in this project.',
    );
    const anonymous = await expectNoNewRun(() =>
      postRun(s, post(JSON.stringify({ sample: "[{}]", baseline: "main" }))),
    );
    expect((await body(anonymous)).error?.message).toMatch(/^baseline: "main" is not a run id/);
    // A branch with a run, finished or not, may be complete by comparison time: accepted.
    const first = await postAccepted(post(JSON.stringify({ sample: "[{}]", branch: "main" }), auth));
    expect(first.status).toBe(202);
    const second = await postAccepted(post(JSON.stringify({ sample: "[{}]", baseline: "main" }), auth));
    expect(second.status).toBe(202);
  });

  it("leaves behind only the accepted runs, each queued with its job", () => expectOnlyAccepted());
});
