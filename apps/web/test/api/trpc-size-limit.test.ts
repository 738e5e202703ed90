import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleTrpc } from "../../src/server/trpc/handler.ts";
import { createTestServices, lazyBody, type TestServices } from "./test-services.ts";

const limit = 64 * 1024;
let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("trpclimit", {
    WIREBENCH_MAX_INPUT_BYTES: String(limit),
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
  });
});
afterAll(async () => s?.close());

/** What the browser's httpBatchLink sends for one `runs.create` call. */
const createUrl = "http://wirebench.test/api/trpc/runs.create?batch=1";
const createBody = (sampleText: string) => JSON.stringify({ 0: { sampleText, formats: ["json"] } });

type BatchReply = { error?: { message: string; data: { code: string; httpStatus: number } } }[];

describe("tRPC runs.create size limit", () => {
  it("accepts a sample just under WIREBENCH_MAX_INPUT_BYTES and creates the run", async () => {
    const overhead = createBody("").length;
    const sample = JSON.stringify({ text: "x".repeat(limit - overhead - 64) });
    const body = createBody(sample);
    expect(body.length).toBeLessThanOrEqual(limit);
    const res = await handleTrpc(
      s,
      new Request(createUrl, { method: "POST", body, headers: { "content-type": "application/json" } }),
    );
    expect(res.status).toBe(200);
    const [reply] = (await res.json()) as { result: { data: { id: string } } }[];
    const run = await s.prisma.run.findUniqueOrThrow({ where: { id: reply!.result.data.id } });
    expect(run.sampleText).toBe(sample);
  });

  it("answers a streamed body over the limit with PAYLOAD_TOO_LARGE, stopping soon after the limit", async () => {
    const before = await s.prisma.run.count();
    const total = limit * 20;
    const { stream, counter } = lazyBody(total, 16 * 1024);
    const req = new Request(createUrl, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const res = await handleTrpc(s, req);
    expect(res.status).toBe(413);
    const [reply] = (await res.json()) as BatchReply;
    expect(reply?.error?.data.code).toBe("PAYLOAD_TOO_LARGE");
    expect(reply?.error?.message).toBe(
      `Request body is over ${limit} bytes; the limit is ${limit} bytes (WIREBENCH_MAX_INPUT_BYTES).`,
    );
    expect(counter.pulled).toBeLessThan(total / 2);
    expect(await s.prisma.run.count()).toBe(before);
  });

  it("refuses by Content-Length before reading the body", async () => {
    const before = await s.prisma.run.count();
    const total = limit * 20;
    const { stream, counter } = lazyBody(total, 16 * 1024);
    const req = new Request(createUrl, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json", "content-length": String(total) },
      duplex: "half",
    } as RequestInit);
    const res = await handleTrpc(s, req);
    expect(res.status).toBe(413);
    const [reply] = (await res.json()) as BatchReply;
    expect(reply?.error?.message).toBe(
      `Request body is ${total} bytes; the limit is ${limit} bytes (WIREBENCH_MAX_INPUT_BYTES).`,
    );
    expect(counter.pulled).toBeLessThan(limit);
    expect(await s.prisma.run.count()).toBe(before);
  });
});
