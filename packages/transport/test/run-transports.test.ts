import { registry, selectEntries } from "@wirebench/codecs";
import type { TransportMeasurement } from "@wirebench/contracts/result";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { runTransports } from "../src/index.ts";
import { smallRun, streamPrefix, videoDataset, videoText } from "./video-sample.ts";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl);
afterAll(() => redis.disconnect());

const measured = (m: unknown) => m as TransportMeasurement;

describe("runTransports over loopback (real HTTP servers, real Redis)", () => {
  it("measures every format on HTTP/1.1, HTTP/2 and Redis Streams and leaves no stream behind", async () => {
    const prefix = streamPrefix("loopback");
    const entries = selectEntries(registry, ["json", "protobuf"]);
    const out = await runTransports(videoDataset(), entries, {
      transports: ["http1", "http2", "broker"],
      settings: smallRun,
      redisUrl,
      streamPrefix: prefix,
    });
    expect(out.run.link).toEqual({ kind: "loopback", rttMs: 0, bandwidthMbps: null });
    const jsonBytes = Math.min(
      ...videoText
        .trim()
        .split("\n")
        .map((l) => Buffer.byteLength(JSON.stringify(JSON.parse(l)))),
    );
    for (const e of entries) {
      const t = out.byId.get(e.id) ?? {};
      for (const kind of ["http1", "http2", "broker"] as const) {
        const m = measured(t[kind]);
        expect(m, `${e.id} ${kind}: ${JSON.stringify(t[kind])}`).toHaveProperty("latency");
        expect(m.messages).toBe(smallRun.messages);
        expect(m.latency.ciLowNs).toBeLessThanOrEqual(m.latency.medianNs);
        expect(m.latency.ciHighNs).toBeGreaterThanOrEqual(m.latency.medianNs);
        expect(m.latency.p99Ns).toBeGreaterThanOrEqual(m.latency.medianNs);
        expect(m.messagesPerSec).toBeGreaterThan(0);
        expect(m.producerCpuNs).toBeGreaterThan(0);
        expect(m.consumerCpuNs).toBeGreaterThan(0);
      }
      // What the sockets wrote: the body plus, for HTTP/1.1, at least its request line.
      if (e.id === "json") {
        expect(measured(t.http1).wireBytesPerMessage).toBeGreaterThan(
          jsonBytes + "POST /json HTTP/1.1\r\n".length,
        );
        expect(measured(t.broker).wireBytesPerMessage).toBeGreaterThan(jsonBytes);
      }
    }
    // HPACK compresses repeated headers: HTTP/2 puts fewer bytes per message on the wire than HTTP/1.1.
    const json = out.byId.get("json") ?? {};
    expect(measured(json.http2).wireBytesPerMessage).toBeLessThan(measured(json.http1).wireBytesPerMessage);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
  });

  it("fails each format that overruns its time limit by name, the next one in fresh children (not the killed ones)", async () => {
    const entries = selectEntries(registry, ["json", "msgpackr"]);
    const out = await runTransports(videoDataset(), entries, {
      transports: ["http1"],
      settings: { ...smallRun, messages: 100_000, maxMessages: 100_000, formatTimeoutMs: 1500 },
      redisUrl,
    });
    for (const e of entries)
      expect(out.byId.get(e.id)?.http1).toEqual({ error: expect.stringContaining("formatTimeoutMs") });
  });

  it("refuses more messages than maxMessages before starting anything", async () => {
    await expect(
      runTransports(videoDataset(), selectEntries(registry, ["json"]), {
        transports: ["http1"],
        settings: { messages: 20_001, maxMessages: 20_000 },
      }),
    ).rejects.toThrow(/1 to 20000 \(maxMessages\)/);
  });
});
