import { compressedSizes, shippedSizes } from "@wirebench/codecs";
import { readCorpus } from "@wirebench/corpus";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { CostModel } from "../src/components/run/cost-model.tsx";
import { ShippedPanel } from "../src/components/run/shipped-panel.tsx";
import type { FormatEntry } from "../src/components/run/types.ts";
import { toRows } from "../src/lib/format-rows.ts";
import { defaultShipping, shippedCost } from "../src/lib/shipped-cost.ts";
import { shippedRows } from "../src/lib/shipped-sizes.ts";

// An NDJSON dataset of many small records: citm_catalog.json's 184 events, as the JSON format
// and the codecs package measure them (real compressors, a real `zstd --train`).
const events = Object.values(JSON.parse(readCorpus("citm_catalog.json")).events as Record<string, unknown>);
const messages = events.map((e) => Buffer.from(JSON.stringify(e)));
const timing = {
  medianNs: 2_000,
  ciLowNs: 1_900,
  ciHighNs: 2_100,
  samples: 10,
  opsPerSec: 5e5,
  mbPerSec: 100,
};
let entry: FormatEntry;
const net = { bandwidthMbps: 100, rttMs: 20 };

beforeAll(async () => {
  const sizes = await compressedSizes(messages);
  entry = {
    id: "json",
    format: "json",
    variant: "JSON.stringify/parse",
    library: "built-in",
    version: "1",
    ok: true,
    bytes: sizes.dataset.raw,
    compressed: { gzip: sizes.dataset.gzip, brotli: sizes.dataset.brotli, zstd: sizes.dataset.zstd },
    encode: timing,
    decode: timing,
    fidelity: { exact: true, issues: [] },
    sizes,
    ...(await shippedSizes(messages, { id: "json", format: "json" })),
  };
}, 60_000);

describe("sizes as shipped on the run page", () => {
  it("per message, batches of 100 and the dictionary both beat zstd alone, side by side", () => {
    const [row] = shippedRows([entry]);
    if (!row?.dictionary || "unavailable" in row.dictionary || row.zstdBatched == null)
      throw new Error("missing");
    expect(row.messages).toBe(184);
    expect(row.zstdBatched).toBeLessThan(row.zstdAlone);
    expect(row.dictionary.zstd).toBeLessThan(row.zstdAlone);
    expect(row.framingOverhead).toMatchObject({ grpc: 5, ndjson: 1, "schema-registry": 5 });
    const html = renderToStaticMarkup(<ShippedPanel entries={[entry]} />);
    const cell = (testid: string) => html.match(new RegExp(`data-testid="${testid}">([^<]+)<`))?.[1];
    expect(cell("zstd-alone")).toBe(`${row.zstdAlone.toFixed(1)} B`);
    expect(cell("zstd-batched")).toBe(`${row.zstdBatched.toFixed(1)} B`);
    expect(cell("zstd-dictionary")).toBe(`${row.dictionary.zstd.toFixed(1)} B`);
    expect(html).toContain("zstd, batches of 100");
  });

  it("the cost model counts the picked batch, framing and dictionary, and says which", () => {
    const [row] = toRows([entry]);
    if (!row) throw new Error("no row");
    const alone = shippedCost(row, entry, { ...defaultShipping, compression: "zstd" }, net);
    const batched = shippedCost(
      row,
      entry,
      { ...defaultShipping, compression: "zstd", batch: 100, framing: "grpc" },
      net,
    );
    const dict = shippedCost(row, entry, { ...defaultShipping, compression: "zstd", dictionary: true }, net);
    if (!alone || !batched || !dict) throw new Error("no cost");
    const b100 = entry.batched?.find((b) => b.messages === 100);
    expect(batched.messageBytes).toBeCloseTo((b100?.zstd ?? 0) / 184 + 5, 9);
    // One round trip per batch of 100.
    expect(batched.networkMs).toBeLessThan(alone.networkMs / 10);
    expect(batched.used).toBe("batches of 100 with zstd, grpc framing");
    expect(dict.messageBytes).toBeLessThan(alone.messageBytes);
    expect(dict.used).toMatch(/^zstd with a \d+ B dictionary$/);
    const noFraming = shippedCost(row, entry, { ...defaultShipping, framing: "msgpack-sequence" }, net);
    expect(noFraming?.used).toBe("one message, uncompressed, no msgpack-sequence framing for this format");
    const html = renderToStaticMarkup(<CostModel rows={[row]} entries={[entry]} />);
    expect(html).toContain('data-testid="cost-framing"');
    expect(html).toMatch(/Counting: uncompressed, one message per request, no framing/);
  });
});
