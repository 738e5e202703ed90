import type { SizeDetail } from "@wirebench/contracts/result";
import { formatResultOf, timingOf } from "@wirebench/contracts/testing";
import { describe, expect, it } from "vitest";
import { costRows, defaultNetwork, estimateCost, messageBytes } from "../src/lib/cost-rows.ts";
import { isNoisy, toRows } from "../src/lib/format-rows.ts";
import { best, paretoFrontier } from "../src/lib/rank-rows.ts";

/** Size details around the per-message sizes a test cares about (the dataset figures are not read here). */
const sizesOf = (perMessage: SizeDetail["perMessage"], over: Partial<SizeDetail> = {}): SizeDetail => ({
  dataset: { raw: perMessage.raw, gzip: perMessage.gzip, brotli: perMessage.brotli, zstd: perMessage.zstd },
  perMessage,
  compressMs: { gzip: 1, brotli: 1, zstd: 1 },
  ...over,
});

describe("run page rows, rankings and costs", () => {
  it("finds the best row ignoring missing values", () => {
    const rows = [{ v: 3 }, { v: null }, { v: 1 }, { v: 2 }];
    expect(best(rows, (r) => r.v)).toEqual({ v: 1 });
    expect(best([{ v: null }], (r) => r.v)).toBeUndefined();
  });

  it("keeps exactly the rows no other row beats on both axes", () => {
    const pts = [
      { n: "a", x: 10, y: 50 },
      { n: "b", x: 20, y: 20 },
      { n: "c", x: 30, y: 30 }, // beaten by b on both
      { n: "d", x: 40, y: 5 },
      { n: "e", x: 10, y: 60 }, // beaten by a
    ];
    expect(
      paretoFrontier(
        pts,
        (p) => p.x,
        (p) => p.y,
      ).map((p) => p.n),
    ).toEqual(["a", "b", "d"]);
  });

  it("models a message on a slow link as network-bound and on a fast link as CPU-bound", () => {
    // 125,000 bytes = 1 Mbit: 100 ms on a 10 Mbit/s link, 0.1 ms on 10 Gbit/s.
    const slow = estimateCost(125_000, 1_000_000, 1_000_000, { bandwidthMbps: 10, rttMs: 20 });
    expect(slow.networkMs).toBeCloseTo(120);
    expect(slow.cpuMs).toBeCloseTo(2);
    expect(slow.perMessageMs).toBeCloseTo(122);
    expect(slow.bottleneck).toBe("network");
    expect(slow.throughputPerSec).toBeCloseTo(10);
    const fast = estimateCost(125_000, 1_000_000, 1_000_000, { bandwidthMbps: 10_000, rttMs: 0 });
    expect(fast.bottleneck).toBe("cpu");
    expect(fast.throughputPerSec).toBeCloseTo(500);
  });

  it("flags a confidence interval wider than 10% of the median", () => {
    expect(isNoisy({ medianNs: 100, ciLowNs: 95, ciHighNs: 104 })).toBe(false);
    expect(isNoisy({ medianNs: 100, ciLowNs: 90, ciHighNs: 112 })).toBe(true);
  });

  it("charges each message its own bytes on the wire, not the whole dataset's", () => {
    // A 2-record dataset: the dataset total is the sum of both messages; timings are per message.
    const perMessage = { raw: 600, gzip: 300, brotli: 250, zstd: 280 };
    const records = 2;
    const timing = timingOf(50_000, 1_000);
    const [row] = toRows([
      formatResultOf({
        id: "json",
        variant: "",
        bytes: perMessage.raw * records,
        compressed: { gzip: 500, brotli: 420, zstd: 470 },
        encode: timing,
        decode: timing,
        sizes: sizesOf(perMessage),
      }),
    ]);
    expect(messageBytes(row!)).toBe(perMessage.raw);
    expect(messageBytes(row!, "zstd")).toBe(perMessage.zstd);
    const net = { bandwidthMbps: 1, rttMs: 0 };
    const [cost] = costRows([row!], net);
    const msPerByte = (8 / (net.bandwidthMbps * 1e6)) * 1000;
    expect(cost!.messageBytes).toBe(perMessage.raw);
    expect(cost!.networkMs).toBeCloseTo(perMessage.raw * msPerByte);
    expect(cost!.networkMs).not.toBeCloseTo(row!.bytes! * msPerByte);
    const [compressed] = costRows([row!], net, "gzip");
    expect(compressed!.networkMs).toBeCloseTo(perMessage.gzip * msPerByte);
  });

  it("charges compressing and decompressing each message to the CPU when a compression is chosen", () => {
    const timing = timingOf(2_000_000, 100_000);
    const perMessage = { raw: 1000, gzip: 400, brotli: 350, zstd: 380 };
    const [row] = toRows([
      formatResultOf({
        id: "json",
        variant: "",
        bytes: 1000,
        compressed: { gzip: 400, brotli: 350, zstd: 380 },
        encode: timing,
        decode: timing,
        sizes: sizesOf(perMessage, {
          perMessageCompressMs: { gzip: 0.3, brotli: 0.5, zstd: 0.1 },
          perMessageDecompressMs: { gzip: 0.05, brotli: 0.07, zstd: 0.02 },
        }),
      }),
    ]);
    const net = { bandwidthMbps: 100, rttMs: 0 };
    const [raw] = costRows([row!], net);
    const [brotli] = costRows([row!], net, "brotli");
    expect(raw!.compressionMs).toBe(0);
    expect(raw!.cpuMs).toBeCloseTo(4);
    expect(brotli!.compressionMs).toBeCloseTo(0.57);
    expect(brotli!.cpuMs).toBeCloseTo(4.57);
    expect(brotli!.perMessageMs).toBeCloseTo(4.57 + ((350 * 8) / 100e6) * 1000);
  });

  it("says so when a result has compressed sizes but no compression times", () => {
    const timing = timingOf(1000, 100);
    const [row] = toRows([
      formatResultOf({
        id: "json",
        variant: "",
        bytes: 10,
        encode: timing,
        decode: timing,
        sizes: sizesOf({ raw: 10, gzip: 8, brotli: 7, zstd: 9 }),
      }),
    ]);
    const [gzip] = costRows([row!], defaultNetwork, "gzip");
    expect(gzip!.compressionMs).toBeNull();
    expect(gzip!.cpuMs).toBeCloseTo(0.002);
  });

  it("falls back to the dataset size for results recorded without per-message sizes", () => {
    const [row] = toRows([
      formatResultOf({ id: "cbor", variant: "plain", bytes: 123, encode: null, decode: null }),
    ]);
    expect(messageBytes(row!)).toBe(123);
    expect(costRows([row!], defaultNetwork)).toEqual([]); // no timings: nothing to model
  });

  it("orders formats by time per message, quickest first", () => {
    const entry = (id: string, raw: number, ns: number) =>
      formatResultOf({
        id,
        variant: "",
        bytes: raw,
        encode: timingOf(ns),
        decode: timingOf(ns),
        sizes: sizesOf({ raw, gzip: raw, brotli: raw, zstd: raw }),
      });
    // "small" is slower on the CPU but its bytes save more time on a 1 Mbit/s link.
    const rows = toRows([entry("big", 10_000, 1_000), entry("small", 1_000, 100_000)]);
    expect(costRows(rows, { bandwidthMbps: 1, rttMs: 10 }).map((c) => c.key)).toEqual(["small", "big"]);
    expect(costRows(rows, { bandwidthMbps: 10_000, rttMs: 10 }).map((c) => c.key)).toEqual(["big", "small"]);
  });
});
