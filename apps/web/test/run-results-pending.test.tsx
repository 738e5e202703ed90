import type { FormatResult, Timing } from "@wirebench/contracts/result";
import { formatResultOf, runViewOf, timingOf } from "@wirebench/contracts/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RunResults } from "../src/components/run/run-results.tsx";
import type { RunData } from "../src/components/run/types.ts";
import { toRows } from "../src/lib/format-rows.ts";

const timing = (medianNs: number, extra: Partial<Timing> = {}): Timing => ({
  ...timingOf(medianNs),
  ciLowNs: medianNs * 0.99,
  ciHighNs: medianNs * 1.01,
  samples: 20,
  ...extra,
});
const entry = (id: string, bytes: number, timed: boolean, extra: Partial<FormatResult> = {}) =>
  formatResultOf({
    id,
    variant: "",
    library: id,
    bytes,
    compressed: { gzip: bytes - 1, brotli: bytes - 2, zstd: bytes - 3 },
    encode: timed ? timing(1000) : null,
    decode: timed ? timing(2000) : null,
    firstMessage: { base64: Buffer.from([0x92, 0xa1, 0x61]).toString("base64"), bytes: 3, truncated: false },
    ...extra,
  });

const run = (status: RunData["status"], formats: FormatResult[]): RunData =>
  runViewOf({
    id: "00000000-0000-0000-0000-000000000001",
    url: "http://localhost/runs/1",
    status,
    progress: { json: "measuring", msgpackr: "done", cbor: "verifying" },
    inputKind: "sample",
    createdAt: "2026-01-01T00:00:00Z",
    formats,
  });

const render = (r: RunData, pending: boolean) =>
  renderToStaticMarkup(<RunResults run={r} rows={toRows(r.formats)} pending={pending} />);

describe("the run page while timings are pending", () => {
  const live = run("running", [entry("json", 300, false), entry("msgpackr", 120, true)]);
  const html = render(live, true);

  it("shows sizes, fidelity and bytes of verified formats, with their timings marked pending", () => {
    expect(html).toContain('data-testid="timings-pending"');
    expect(html).toMatch(/Sizes and fidelity of 2 of 3 formats/);
    const jsonRow = html.match(/<tr[^>]*data-format="json"[^>]*>.*?<\/tr>/)?.[0] ?? "";
    expect(jsonRow).toContain(">300 B<");
    expect(jsonRow).toContain(">pending<");
    const msgpackRow = html.match(/<tr[^>]*data-format="msgpackr"[^>]*>.*?<\/tr>/)?.[0] ?? "";
    expect(msgpackRow).not.toContain(">pending<");
    expect(html).toContain('data-testid="chart-size"');
    expect(html).toContain('data-testid="fidelity"');
    expect(html).toContain('data-testid="bytes-panel"');
    // A "fastest" card would only name the fastest so far.
    expect(html).toMatch(
      /Fastest encode<\/div><div class="card-value">–<\/div><div class="card-detail">timings pending/,
    );
  });

  it("waits for every timing before the timing chart, the Pareto chart and the cost model", () => {
    expect(html).not.toContain('data-testid="chart-timing"');
    const done = render(run("completed", [entry("json", 300, true), entry("msgpackr", 120, true)]), false);
    expect(done).toContain('data-testid="chart-timing"');
    expect(done).not.toContain("timings pending");
    expect(done).not.toContain(">pending<");
  });

  it("marks a timing the budget cut with † and explains it", () => {
    const cut = entry("yaml", 900, true, { decode: timing(5e6, { budgetBound: true, samples: 3 }) });
    const out = render(run("completed", [cut]), false);
    expect(out).toContain("†5.00 ms");
    expect(out).toContain("† marks one whose samples the time budget cut");
  });
});
