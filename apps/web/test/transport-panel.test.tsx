import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TransportPanel } from "../src/components/run/transport-panel.tsx";
import type { RunData } from "../src/components/run/types.ts";
import { transportRows } from "../src/lib/transport-rows.ts";

const measured = (medianNs: number, ratio: number) => ({
  messages: 20,
  messagesPerSec: 9.6,
  latency: { medianNs, p99Ns: medianNs * 1.2, ciLowNs: medianNs * 0.97, ciHighNs: medianNs * 1.03 },
  wireBytesPerMessage: 89_200,
  producerCpuNs: 1.3e6,
  consumerCpuNs: 2.0e6,
  model: { predictedNs: medianNs / ratio, ratio },
});
const entries = [
  {
    id: "protobuf",
    format: "protobuf",
    variant: "",
    ok: true,
    transport: { broker: measured(88e6, 1.08), http1: measured(101e6, 1.11) },
  },
  {
    id: "json",
    format: "json",
    variant: "",
    ok: true,
    transport: { http1: measured(113e6, 1.4), broker: { error: "Redis at x cannot be used" } },
  },
];
const run = (transport: unknown) =>
  ({ formats: entries, transport, status: "completed" }) as unknown as RunData;
const link = { kind: "proxy", rttMs: 20, bandwidthMbps: 10, note: "tc netem unavailable" };

describe("the run page's transport panel", () => {
  it("puts each measurement beside the model's prediction, transports in a fixed order, failures by name", () => {
    expect(transportRows(entries).map((r) => r.key)).toEqual([
      "protobuf/http1",
      "protobuf/broker",
      "json/http1",
      "json/broker",
    ]);
    const html = renderToStaticMarkup(
      <TransportPanel
        run={run({ link, transports: ["http1", "broker"], messages: 20, warmupMessages: 5 })}
      />,
    );
    expect(html).toContain('data-testid="transport-panel"');
    expect(html).toContain("20 ms round trip, 10 Mbit/s, a paced proxy on loopback");
    expect(html).toContain("tc netem unavailable");
    expect(html.match(/data-testid="transport-row"/g)).toHaveLength(4);
    expect(html).toContain("101.00 ms");
    expect(html).toContain("1.11×");
    // Outside 0.8–1.25 the model and the measurement disagree, and the row says so.
    expect(html).toMatch(/class="falls-short"[^>]*>1\.40×/);
    expect(html).toContain("Redis at x cannot be used");
  });

  it("shows nothing for a run measured without transports", () => {
    expect(renderToStaticMarkup(<TransportPanel run={run(undefined)} />)).toBe("");
  });
});
