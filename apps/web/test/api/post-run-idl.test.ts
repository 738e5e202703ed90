import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetOf } from "../../../worker/src/runs/dataset-of.ts";
import { postRun } from "../../src/server/http/runs-api.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("postrunidl", { WIREBENCH_RATE_LIMIT_CREATE: "1000" });
});
afterAll(async () => s?.close());

const error = async (r: Response) => ((await r.json()) as { error: { message: string } }).error.message;
const schemas = {
  thrift: "struct Order { 1: required i64 id; 2: i16 qty; 3: list<string> tags }\nstruct Other { 1: i8 x }",
  fbs: "table Order { id:long; qty:short; tags:[string]; }\ntable Other { x:byte; }\nroot_type Order;",
  capnp:
    "@0xe1e2e3e4e5e6e7e8;\nstruct Order { id @0 :Int64; qty @1 :Int16; tags @2 :List(Text); }\nstruct Other { x @0 :Int8; }",
};
const sample = '{"id": 505874924095815681, "qty": 3, "tags": ["a"]}';

describe("POST /api/v1/runs with .thrift, .fbs and .capnp schemas", () => {
  it.each(Object.entries(schemas))(
    "accepts a %s schema with a sample, stores kind and root, and the worker reads the run back",
    async (kind, text) => {
      const res = await postRun(
        s,
        post(JSON.stringify({ sample, schema: { kind, text, rootType: "Order" } })),
      );
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as { id: string };
      const run = await s.prisma.run.findUniqueOrThrow({ where: { id } });
      expect(run.schemaText).toBe(text);
      const options = run.options as { schemaKind: string; schemaRoot: string };
      expect(options).toMatchObject({ schemaKind: kind, schemaRoot: "Order" });
      // What the worker will measure: the user's schema as written, the int64 id exact.
      const dataset = datasetOf(run, options as never);
      expect(dataset.schema.source).toBe(kind);
      expect(dataset.schema.original).toMatchObject({ idl: kind, text });
      expect(dataset.messages).toEqual([{ id: 505874924095815681n, qty: 3, tags: ["a"] }]);
    },
  );

  it.each(Object.entries(schemas))(
    "accepts a %s schema alone (synthetic data) and records its kind",
    async (kind, text) => {
      const res = await postRun(s, post(JSON.stringify({ schema: { kind, text } })));
      expect(res.status).toBe(202);
      const { id } = (await res.json()) as { id: string };
      const run = await s.prisma.run.findUniqueOrThrow({ where: { id } });
      expect(run.inputKind).toBe(kind);
      const dataset = datasetOf(run, run.options as never);
      expect(dataset.schema.name).toBe("Order");
      expect(dataset.messages.length).toBeGreaterThan(0);
    },
  );

  it.each([
    ["thrift", "struct S { 1: i32 x", /^schema: \.thrift does not compile: .*schema\.thrift:1/],
    ["fbs", "table T { x:int", /^schema: \.fbs does not compile: /],
    [
      "capnp",
      "@0xe1e2e3e4e5e6e7e8;\nstruct S { a @0 :Int32 }",
      /^schema: \.capnp does not compile: schema\.capnp:2/,
    ],
    ["thrift", 'include "shared.thrift"\nstruct S { 1: i32 x }', /^schema: \.thrift imports "shared.thrift"/],
    [
      "capnp",
      '@0xe1e2e3e4e5e6e7e8;\nusing import "x.capnp".T;\nstruct S { a @0 :Int32; }',
      /imports "x.capnp"/,
    ],
  ])("refuses a %s schema that cannot be imported with 400 and no run: %s", async (kind, text, message) => {
    const before = await s.prisma.run.count();
    const res = await postRun(s, post(JSON.stringify({ sample: '{"x": 1}', schema: { kind, text } })));
    expect(res.status).toBe(400);
    expect(await error(res)).toMatch(message);
    expect(await s.prisma.run.count()).toBe(before);
  });

  it("refuses a sample outside a narrow integer's range, a root that does not exist, and an unknown kind", async () => {
    const narrow = await postRun(
      s,
      post(
        JSON.stringify({
          sample: '{"id": 1, "qty": 40000}',
          schema: { kind: "thrift", text: schemas.thrift },
        }),
      ),
    );
    expect(narrow.status).toBe(400);
    expect(await error(narrow)).toMatch(/\/qty: 40000 is out of range for int16/);
    const root = await postRun(
      s,
      post(JSON.stringify({ sample, schema: { kind: "fbs", text: schemas.fbs, rootType: "Nope" } })),
    );
    expect(root.status).toBe(400);
    expect(await error(root)).toMatch(/no table named Nope; choose from Order, Other/);
    const kind = await postRun(s, post(JSON.stringify({ sample, schema: { kind: "bond", text: "x" } })));
    expect(kind.status).toBe(400);
  });
});
