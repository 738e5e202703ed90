import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRun } from "../../src/server/http/runs-api.ts";
import { handleTrpc } from "../../src/server/trpc/handler.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

/**
 * The run API reads its input with the detector the upload form and the CLI use: a JSON Schema made
 * only of `$ref` and `$defs`, sent as the sample, is refused as a schema (the CLI's `infer` imports it,
 * the upload form sends it as the schema), inline and on a validation thread alike.
 */
const refOnly = JSON.stringify({
  $ref: "#/$defs/Item",
  $defs: {
    Item: {
      type: "object",
      properties: { id: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
    },
  },
});
const refusal = /^sample: this is a JSON Schema, not data; send it as schema \{"kind": "jsonschema"/;

let inline: TestServices;
let threaded: TestServices;
beforeAll(async () => {
  inline = await createTestServices("detect-inline", { WIREBENCH_RATE_LIMIT_CREATE: "1000" });
  // Every input checked on a validation thread.
  threaded = await createTestServices("detect-thread", {
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
    WIREBENCH_VALIDATE_INLINE_CHARS: "0",
  });
});
afterAll(async () => Promise.all([inline?.close(), threaded?.close()]));

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

describe.each([
  ["inline", () => inline],
  ["on a validation thread", () => threaded],
])("a $ref-only JSON Schema checked %s", (_where, services) => {
  it("is refused as a sample, as text or as a JSON value, and no run is written", async () => {
    const s = services();
    const before = await s.prisma.run.count();
    for (const sample of [refOnly, JSON.parse(refOnly)]) {
      const res = await postRun(s, post(JSON.stringify({ sample })));
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(refusal);
    }
    expect(await s.prisma.run.count()).toBe(before);
  });

  it("is accepted as the run's schema", async () => {
    const s = services();
    const res = await postRun(s, post(JSON.stringify({ schema: { kind: "jsonschema", text: refOnly } })));
    expect(res.status).toBe(202);
  });

  it("leaves a sample with a $ref data field alone", async () => {
    const s = services();
    const res = await postRun(s, post(JSON.stringify({ sample: '[{"$ref": "#/a", "n": 1}]' })));
    expect(res.status).toBe(202);
  });
});

describe("through tRPC (the upload form's call)", () => {
  it("refuses the same sample with the same message", async () => {
    const req = new Request("http://wirebench.test/api/trpc/runs.create?batch=1", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ 0: { sampleText: refOnly } }),
    });
    const res = await handleTrpc(inline, req);
    expect(res.status).toBe(400);
    const [reply] = (await res.json()) as { error: { message: string } }[];
    expect(reply?.error.message).toMatch(refusal);
  });
});
