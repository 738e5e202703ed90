import { registry } from "@wirebench/codecs/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack, waitForRun } from "./stack.ts";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack("restflow");
}, 90_000);
afterAll(async () => stack?.stop());

const post = (body: unknown) =>
  fetch(`${stack.url}/api/v1/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("REST: POST a run, a worker measures it, GET returns the Result JSON", () => {
  it("a sample: every format has a result", async () => {
    const res = await post({
      sample: '{"id": 505874924095815681, "name": "Ada", "tags": ["a", "b"], "score": 1.5, "ok": true}',
      options: { quick: true },
    });
    expect(res.status).toBe(202);
    const { id, url } = (await res.json()) as { id: string; url: string };
    expect(url).toMatch(new RegExp(`/runs/${id}$`));
    const run = await waitForRun(stack.url, id);
    expect(run.status).toBe("completed");
    const formats = run.formats as {
      id: string;
      ok: boolean;
      bytes: number;
      fidelity: { exact: boolean; issues: { kind: string }[] };
    }[];
    expect(formats.map((f) => f.id).sort()).toEqual(registry.map((e) => e.id).sort());
    const json = formats.find((f) => f.id === "json")!;
    expect(json.fidelity.issues.map((i) => i.kind)).toContain("int64-precision");
    const msgpack = formats.find((f) => f.id === "msgpackr")!;
    expect(msgpack.ok).toBe(true);
    expect(msgpack.fidelity.exact).toBe(true);
    expect((run.environment as { node: string }).node).toBe(process.version);
  }, 240_000);

  it("a sample with a .proto schema it follows", async () => {
    const proto =
      'syntax = "proto3"; message Reading { int64 sensor_id = 1; double value = 2; string unit = 3; }';
    const res = await post({
      sample: '[{"sensorId": 1, "value": 20.5, "unit": "C"}, {"sensor_id": 2, "value": 21.0, "unit": "C"}]',
      schema: { kind: "proto", text: proto },
      formats: ["protobuf", "json", "avro"],
      options: { quick: true },
    });
    expect(res.status).toBe(202);
    const run = await waitForRun(stack.url, ((await res.json()) as { id: string }).id);
    expect(run.status).toBe("completed");
    const formats = run.formats as { id: string; ok: boolean; bytes: number }[];
    const protobuf = formats.find((f) => f.id === "protobuf")!;
    expect(protobuf.ok).toBe(true);
    // Two messages of 2 + 9 + 3 bytes each (tag+varint, tag+double, tag+len+"C").
    expect(protobuf.bytes).toBe(2 * (2 + 9 + 3));
    expect((run.schema as { source: string }).source).toBe("proto");
  }, 240_000);

  it("a schema that does not parse is refused with 400 and the parser's message", async () => {
    const res = await post({
      sample: '{"a": 1}',
      schema: { kind: "proto", text: "message {" },
      options: { quick: true },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/^schema: \.proto does not parse/);
  });

  it("serves the OpenAPI document and the API reference page", async () => {
    const doc = (await (await fetch(`${stack.url}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain("/api/v1/runs");
    const page = (await (await fetch(`${stack.url}/docs/api`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain("POST /api/v1/runs");
  });

  it("a malformed request body gets 400 with line and column, through the real server", async () => {
    const res = await fetch(`${stack.url}/api/v1/runs`, {
      method: "POST",
      body: '{"sample": }',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/line 1, column 12/);
  });
});
