import { describe, expect, it } from "vitest";
import { estimateCost } from "../src/cost-model.ts";
import { formatTransportSchema, transportRunSchema } from "../src/result/index.ts";

const measured = {
  messages: 30,
  messagesPerSec: 95.2,
  latency: { medianNs: 10.4e6, p99Ns: 12e6, ciLowNs: 10.2e6, ciHighNs: 10.6e6 },
  wireBytesPerMessage: 1312,
  producerCpuNs: 210_000,
  consumerCpuNs: 180_000,
  model: { predictedNs: 10.1e6, ratio: 1.03 },
};

describe("formats[].transport and the Result's transport", () => {
  it("keeps a measurement and a failure per transport, and refuses a transport it does not know", () => {
    const parsed = formatTransportSchema.parse({
      http1: measured,
      broker: { error: "Redis at x cannot be used" },
    });
    expect(parsed.http1).toEqual(measured);
    expect(parsed.broker).toEqual({ error: "Redis at x cannot be used" });
    expect(formatTransportSchema.safeParse({ http3: measured }).success).toBe(false);
    const { latency: _, ...noLatency } = measured;
    expect(formatTransportSchema.safeParse({ http2: noLatency }).success).toBe(false);
  });

  it("names the link kind and leaves bandwidth null only when unlimited", () => {
    const run = { transports: ["http1"], messages: 30, warmupMessages: 5 };
    expect(
      transportRunSchema.parse({ ...run, link: { kind: "loopback", rttMs: 0, bandwidthMbps: null } }).link
        .kind,
    ).toBe("loopback");
    expect(
      transportRunSchema.safeParse({ ...run, link: { kind: "wifi", rttMs: 0, bandwidthMbps: null } }).success,
    ).toBe(false);
  });
});

describe("estimateCost", () => {
  it("charges the bytes at the bandwidth, the round trip and the CPU once each", () => {
    // 100 kB at 10 Mbit/s is 80 ms; 20 ms round trip; 1 ms + 2 ms of CPU.
    const c = estimateCost(100_000, 1e6, 2e6, { bandwidthMbps: 10, rttMs: 20 });
    expect(c.perMessageMs).toBeCloseTo(103, 9);
    expect(c.bottleneck).toBe("network");
    expect(
      estimateCost(100_000, 1e6, 2e6, { bandwidthMbps: Number.POSITIVE_INFINITY, rttMs: 0 }).perMessageMs,
    ).toBe(3);
  });
});
