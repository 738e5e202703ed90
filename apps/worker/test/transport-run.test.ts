import { readFileSync } from "node:fs";
import type { TransportMeasurement, TransportRun } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, measureRunNow, type RunFixture } from "./helpers.ts";

const video = readFileSync(
  new URL("../../../packages/conformance/data/models/video.ndjson", import.meta.url),
  "utf8",
);

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("transport-run");
});
afterAll(async () => f?.close());

describe("a run with options.transport", () => {
  it("goes through the queue's pipeline and stores formats[].transport and the link", async () => {
    const run = await measureRunNow(f.prisma, {
      inputKind: "ndjson",
      sampleText: video,
      formats: ["json", "protobuf"],
      options: {
        quick: true,
        transport: { transports: ["http1", "broker"], link: "2ms/100mbit", messages: 4 },
      },
    });
    expect(run.status, run.error ?? "").toBe("completed");
    const transport = (run.environment as { transport?: TransportRun }).transport;
    expect(transport).toMatchObject({ link: { kind: "proxy", rttMs: 2, bandwidthMbps: 100 }, messages: 4 });
    expect(run.results.map((r) => r.formatId).sort()).toEqual(["json", "protobuf"]);
    for (const r of run.results) {
      const detail = r.detail as { transport?: Record<string, TransportMeasurement> };
      for (const kind of ["http1", "broker"]) {
        expect(detail.transport?.[kind]?.messages, `${r.formatId} ${kind}`).toBe(4);
        expect(detail.transport?.[kind]?.model?.predictedNs).toBeGreaterThan(0);
      }
      expect(detail.transport).not.toHaveProperty("http2");
    }
  }, 300_000);
});
