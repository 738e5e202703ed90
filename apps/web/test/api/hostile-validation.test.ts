import { randomBytes } from "node:crypto";
import { encodeIr, importJsonSchema } from "@wirebench/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  punctuationKeysSample,
  refBombSchema,
} from "../../../../packages/schemas/test/hostile/hostile-inputs.ts";
import { getRunResponse, postRun } from "../../src/server/http/runs-api.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("hostile", {
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
    WIREBENCH_RATE_LIMIT_READ: "1000",
  });
});
afterAll(async () => s?.close());

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

/** A run that exists, for the cheap read a bystander makes. */
async function existingRun(ir?: object): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await s.prisma.run.create({
    data: { id, inputKind: "json", sampleText: "{}", ...(ir ? { ir: ir as never } : {}) },
  });
  return id;
}
const get = (id: string) => getRunResponse(s, new Request(`http://wirebench.test/api/v1/runs/${id}`), id);

describe("hostile input to POST /api/v1/runs", () => {
  it("refuses the 1.8 KB $ref bomb (262,144 leaves) with 400 naming the limit, before any run exists", async () => {
    const before = await s.prisma.run.count();
    const res = await postRun(
      s,
      post(JSON.stringify({ schema: { kind: "jsonschema", text: refBombSchema(8, 6) } })),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      "schema: one Bomb message expands to 262,144 fields once its shared types are written out where " +
        "they are used, more than the limit of 100,000 (WIREBENCH_MAX_SCHEMA_LEAVES)",
    );
    expect(await s.prisma.run.count()).toBe(before);
  });

  it("checks count × message size of a schema-only run against WIREBENCH_MAX_SYNTHETIC_VALUES", async () => {
    const schema = { kind: "jsonschema", text: refBombSchema(8, 5) };
    const over = await postRun(s, post(JSON.stringify({ schema, options: { count: 100 } })));
    expect(over.status).toBe(400);
    expect((await errorOf(over)).message).toBe(
      "count: 100 synthetic Bomb messages need up to 3,744,900 values, more than the limit of 2,000,000 " +
        "(WIREBENCH_MAX_SYNTHETIC_VALUES); ask for fewer messages.",
    );
    const within = await postRun(s, post(JSON.stringify({ schema, options: { count: 10 } })));
    expect(within.status).toBe(202);
    const { id } = (await within.json()) as { id: string };
    const run = await s.prisma.run.findUniqueOrThrow({ where: { id } });
    expect(run.options).toMatchObject({
      count: 10,
      schemaLimits: { maxSchemaLeaves: 100_000, maxSchemaTypes: 10_000 },
      maxSyntheticValues: 2_000_000,
      parseLimits: { maxDepth: 256, maxKeys: 100_000, maxTotalKeys: 2_000_000, maxTotalObjects: 1_000_000 },
    });
  });

  it("accepts 20,000 punctuation-only keys, each holding an object (quadratic naming took 15 s)", async () => {
    const res = await postRun(s, post(JSON.stringify({ sample: punctuationKeysSample(20_000) })));
    expect(res.status).toBe(202);
  }, 60_000);

  it("answers a bystander's GET of a run while a large validation runs on its thread", async () => {
    const id = await existingRun();
    // 4 MB of valid records with a fault at the very end: validation reads all of it, then refuses.
    const records = Array.from({ length: 40_000 }, (_, i) => ({
      id: i,
      name: `n${i}`,
      tags: ["a", "b"],
      v: i / 3,
    }));
    const sample = `${JSON.stringify(records).slice(0, -1)},}`;
    expect(sample.length).toBeGreaterThan(2_000_000);
    const order: string[] = [];
    // The bystander asks the moment the body has gone to a validation thread, as a poll arriving
    // then would; reading and checking that body take seconds, the read milliseconds.
    let cheap: Promise<Response> | undefined;
    const pool = s.validation;
    const readBody = pool.readBody.bind(pool);
    pool.readBody = (text, maxDepth) => {
      cheap = get(id).then((r) => {
        order.push("cheap");
        return r;
      });
      return readBody(text, maxDepth);
    };
    try {
      const h = await postRun(s, post(JSON.stringify({ sample })));
      order.push("hostile");
      expect(h.status).toBe(400);
      expect((await errorOf(h)).message).toMatch(/^sample: .*line 1, column \d+/);
    } finally {
      pool.readBody = readBody;
    }
    expect(cheap).toBeDefined();
    expect((await cheap!).status).toBe(200);
    expect(order).toEqual(["cheap", "hostile"]);
  }, 60_000);

  it("ships a shared-type run's schema by reference: the API body stays proportional to the schema", async () => {
    const text = refBombSchema(8, 5);
    const id = await existingRun(encodeIr(importJsonSchema(text)));
    const res = await get(id);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body.length).toBeLessThan(4 * text.length);
    expect((JSON.parse(body) as { schema: { encoding: string } }).schema.encoding).toBe("refs");
  });
});

describe("total-size limits", () => {
  it("refuses a sample with more keys in all than WIREBENCH_MAX_TOTAL_KEYS, though no object is large", async () => {
    const t = await createTestServices("hostile-total-keys", { WIREBENCH_MAX_TOTAL_KEYS: "2" });
    try {
      const res = await postRun(t, post(JSON.stringify({ sample: [{ a: 1 }, { b: 2 }, { c: 3 }] })));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(
        /^sample: more than 2 keys in all at line 1, column \d+ \(limit maxTotalKeys\)$/,
      );
    } finally {
      await t.close();
    }
  });
});

describe("where validation runs", () => {
  it("imports a .thrift schema (its compiler runs) on a validation thread even when it is small", async () => {
    const kinds: string[] = [];
    const pool = s.validation;
    const check = pool.check.bind(pool);
    pool.check = (input) => {
      kinds.push(input.schema?.kind ?? "none");
      return check(input);
    };
    try {
      const thrift = { kind: "thrift", text: "struct Item {\n  1: i32 id\n}\n" };
      const res = await postRun(s, post(JSON.stringify({ schema: thrift, sample: { id: 1 } })));
      expect(res.status).toBe(202);
      const small = {
        kind: "jsonschema",
        text: JSON.stringify({ type: "object", properties: { id: { type: "integer" } } }),
      };
      expect((await postRun(s, post(JSON.stringify({ schema: small, sample: { id: 1 } })))).status).toBe(202);
    } finally {
      pool.check = check;
    }
    // Only the compiled kind went to a thread; the small JSON Schema was checked inline.
    expect(kinds).toEqual(["thrift"]);
  }, 60_000);
});

describe("total objects", () => {
  it("refuses a sample with more objects than WIREBENCH_MAX_TOTAL_OBJECTS, though none has a key", async () => {
    const t = await createTestServices("hostile-total-objects", { WIREBENCH_MAX_TOTAL_OBJECTS: "3" });
    try {
      const res = await postRun(t, post(JSON.stringify({ sample: [{}, {}, {}, {}] })));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(
        /^sample: more than 3 objects in all at line 1, column \d+ \(limit maxTotalObjects\)$/,
      );
    } finally {
      await t.close();
    }
  });
});

describe("validation thread limits", () => {
  it("refuses with 413 naming WIREBENCH_VALIDATE_TIMEOUT_MS a validation that outruns its deadline", async () => {
    const t = await createTestServices("hostile-deadline", {
      WIREBENCH_VALIDATE_INLINE_CHARS: "0",
      WIREBENCH_VALIDATE_TIMEOUT_MS: "1",
    });
    try {
      const res = await postRun(t, post(JSON.stringify({ sample: { a: 1 } })));
      expect(res.status).toBe(413);
      expect((await errorOf(res)).message).toBe(
        "Validating this input took longer than the limit of 1 ms (WIREBENCH_VALIDATE_TIMEOUT_MS); send a smaller sample or schema.",
      );
    } finally {
      await t.close();
    }
  });

  it("refuses with 503 and Retry-After when WIREBENCH_VALIDATE_QUEUE validations already wait", async () => {
    const t = await createTestServices("hostile-busy", {
      WIREBENCH_VALIDATE_INLINE_CHARS: "0",
      WIREBENCH_VALIDATE_THREADS: "1",
      WIREBENCH_VALIDATE_QUEUE: "1",
      WIREBENCH_RATE_LIMIT_CREATE: "1000",
    });
    try {
      const send = () => postRun(t, post(JSON.stringify({ sample: { a: 1 } })));
      const [first, second, third] = await Promise.all([send(), send(), send()]);
      expect([first.status, second.status]).toEqual([202, 202]);
      expect(third.status).toBe(503);
      expect(third.headers.get("retry-after")).toBe("1");
      expect((await errorOf(third)).message).toBe(
        "Validation is busy: 1 large inputs already wait (WIREBENCH_VALIDATE_QUEUE); try again shortly.",
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
