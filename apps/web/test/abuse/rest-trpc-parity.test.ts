import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRun } from "../../src/server/http/runs-api.ts";
import { handleTrpc } from "../../src/server/trpc/handler.ts";
import { createTestServices, type TestServices } from "../api/test-services.ts";
import { alongside, freshAddress, from, jsonPost } from "./abuse-kit.ts";

let s: TestServices;
let runId: string;
beforeAll(async () => {
  s = await createTestServices("abuse-parity", { WIREBENCH_RATE_LIMIT_CREATE: "10000" });
  const created = await postRun(s, jsonPost("/api/v1/runs", '{"sample":"[{}]"}', from(freshAddress())));
  runId = ((await created.json()) as { id: string }).id;
});
afterAll(async () => s?.close());

const nested = (depth: number, open: string, close: string, inner = "1") =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const proto = 'syntax = "proto3"; message M { int64 id = 1; }';

/** Bad requests as JSON request bodies; each must get the same 4xx through REST and tRPC. */
const table: [string, string][] = [
  ["a sample value nested 10,000 levels", `{"sample": ${nested(10_000, "[", "]")}}`],
  ["a sample value of 5,000 nested objects", `{"sample": ${nested(5_000, '{"a":', "}")}}`],
  ["a sample text nested 10,000 levels", JSON.stringify({ sample: nested(10_000, "[", "]") })],
  ["an empty sample", '{"sample": ""}'],
  ["a scalar sample", '{"sample": 42}'],
  ["a sample text that is not JSON", '{"sample": "{\\"a\\": }"}'],
  ["neither sample nor schema", "{}"],
  ["an unknown format", '{"sample": "[{}]", "formats": ["protobuff"]}'],
  ["an unknown field", '{"sample": "[{}]", "surprise": true}'],
  ["an unknown option", '{"sample": "[{}]", "options": {"fast": true}}'],
  ["a schema that does not parse", '{"schema": {"kind": "proto", "text": "message {"}}'],
  [
    "a JSON Schema nested 10,000 levels",
    JSON.stringify({ schema: { kind: "jsonschema", text: nested(10_000, "[", "]") } }),
  ],
  [
    "a sample that does not follow its schema",
    JSON.stringify({ sample: '{"id": "x"}', schema: { kind: "proto", text: proto } }),
  ],
  ["options nested 5,000 levels", `{"sample": "[{}]", "options": ${nested(5_000, '{"a":', "}")}}`],
  ["a baseline naming nothing", '{"sample": "[{}]", "baseline": "no-such-branch"}'],
];

const viaRest = (body: string) => postRun(s, jsonPost("/api/v1/runs", body, from(freshAddress())));
/** What the browser's httpBatchLink sends for one runs.create call carrying the same fields. */
const viaTrpc = (body: string) =>
  handleTrpc(s, jsonPost("/api/trpc/runs.create?batch=1", `{"0": ${body}}`, from(freshAddress())));

describe("REST and tRPC refuse the same bad input with the same 4xx", () => {
  it.each(table)("%s", async (_what, body) => {
    const before = await s.prisma.run.count();
    const { result, read } = await alongside(s, runId, () => Promise.all([viaRest(body), viaTrpc(body)]));
    const [rest, trpc] = result;
    expect(read.status).toBe(200);
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(rest.status).toBeLessThan(500);
    expect(trpc.status).toBe(rest.status);
    const [reply] = (await trpc.json()) as { error: { data: { httpStatus: number } } }[];
    expect(reply!.error.data.httpStatus).toBe(rest.status);
    expect(await s.prisma.run.count()).toBe(before);
  });

  it("for generated nesting of arrays and objects at any depth past the limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 258, max: 20_000 }),
        fc.constantFrom<[string, string]>(["[", "]"], ['{"k":', "}"], ['[{"k":', "}]"]),
        async (depth, [open, close]) => {
          const body = `{"sample": ${nested(depth, open, close)}}`;
          const [rest, trpc] = await Promise.all([viaRest(body), viaTrpc(body)]);
          expect([rest.status, trpc.status]).toEqual([400, 400]);
        },
      ),
      { numRuns: 8 },
    );
  });
});
