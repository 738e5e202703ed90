import { runSweep } from "@wirebench/codecs";
import type { SweepResult } from "@wirebench/contracts";
import { loadDataset } from "@wirebench/schemas";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { SweepPanel, sweepSeries } from "../src/components/run/sweep-panel.tsx";

let sweep: SweepResult;
beforeAll(async () => {
  const dataset = loadDataset({
    text: JSON.stringify({ values: [1.5] }),
    schema: { kind: "proto", text: 'syntax = "proto3";\nmessage D { repeated double values = 1; }\n' },
  });
  sweep = await runSweep(dataset, { sizes: [10, 1000], formats: ["protobuf", "json"], sizesOnly: true });
}, 120_000);

describe("the run page's size sweep", () => {
  it("tabulates every format's bytes at every size (82 B and 8,003 B for Protobuf)", () => {
    const html = renderToStaticMarkup(<SweepPanel sweep={sweep} />);
    expect(html).toContain("Size sweep");
    expect(html).toMatch(
      /<td data-label="format">protobuf<\/td><td data-label="10">82 B<\/td><td data-label="1000">8,003 B<\/td>/,
    );
    expect(html).toMatch(/<td data-label="format">json<\/td>/);
  });

  it("feeds the log-log charts one row per size, a column per format, and no zero (log scale)", () => {
    const { ids, data } = sweepSeries(sweep, (e) => e.bytes);
    expect(ids.sort()).toEqual(["json", "protobuf"]);
    expect(data.map((r) => [r.size, r.protobuf])).toEqual([
      [10, 8.2],
      [1000, 8.003],
    ]);
    // Sizes-only: no timings, so the time chart has no points rather than zeros.
    expect(sweepSeries(sweep, (e) => e.encodeNs).data.every((r) => r.protobuf === null)).toBe(true);
  });

  it("says why when the sweep could not run", () => {
    expect(renderToStaticMarkup(<SweepPanel sweep={{ error: "no such field" }} />)).toContain(
      "The sweep could not run: no such field",
    );
  });
});
