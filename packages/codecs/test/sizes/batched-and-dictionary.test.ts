import { readCorpus } from "@wirebench/corpus";
import { beforeAll, describe, expect, it } from "vitest";
import { BATCH_SIZES, batchedSizes, batchSizesFor } from "../../src/sizes/batched-sizes.ts";
import { compressedSizes, ensureZstd } from "../../src/sizes/compressed-sizes.ts";
import {
  DICTIONARY_MIN_MESSAGES,
  dictionarySizes,
  trainDictionary,
} from "../../src/sizes/zstd-dictionary.ts";

// citm_catalog.json's events as NDJSON: 184 small records (~200 B) that share every key.
const events = Object.values(JSON.parse(readCorpus("citm_catalog.json")).events as Record<string, unknown>);
const ndjson = events.map((e) => Buffer.from(JSON.stringify(e)));
const rawBytes = ndjson.reduce((n, m) => n + m.byteLength, 0);

beforeAll(async () => {
  await ensureZstd();
});

describe("batch sizes", () => {
  it("caps N at the dataset and drops duplicates", () => {
    expect(batchSizesFor(184)).toEqual([1, 10, 100, 184]);
    expect(batchSizesFor(5)).toEqual([1, 5]);
    expect(batchSizesFor(0)).toEqual([]);
  });

  it("N = 1 is per-message compression; batches of 100 compress far better per message", async () => {
    const rows = await batchedSizes(ndjson);
    expect(rows.map((r) => [r.messages, r.batches])).toEqual([
      [1, 184],
      [10, 19],
      [100, 2],
      [184, 1],
    ]);
    for (const r of rows) expect(r.raw).toBe(rawBytes);
    const perMessage = await compressedSizes(ndjson);
    const one = rows[0];
    const hundred = rows[2];
    if (!one || !hundred) throw new Error("missing rows");
    expect(one.zstd / ndjson.length).toBeCloseTo(perMessage.perMessage.zstd, 6);
    expect(one.gzip / ndjson.length).toBeCloseTo(perMessage.perMessage.gzip, 6);
    for (const c of ["gzip", "brotli", "zstd"] as const) expect(hundred[c]).toBeLessThan(one[c] / 2);
  });
});

describe("batches compressedSizes already measured", () => {
  const sizesOnly = (r: { compressMs: unknown }) => ({ ...r, compressMs: undefined });

  it("batches of one and of every message are its figures, to the byte; the others are compressed", async () => {
    const known = await compressedSizes(ndjson);
    const fresh = await batchedSizes(ndjson);
    const reused = await batchedSizes(ndjson, BATCH_SIZES, known);
    expect(reused.map(sizesOnly)).toEqual(fresh.map(sizesOnly));
    const [one, , , all] = reused;
    if (!one || !all || !known.perMessageCompressMs) throw new Error("missing rows");
    for (const c of ["gzip", "brotli", "zstd"] as const) {
      expect(all.compressMs[c]).toBe(known.compressMs[c]);
      expect(one.compressMs[c]).toBeCloseTo(known.perMessageCompressMs[c] * ndjson.length, 9);
    }
  });

  it("takes those two rows from what it is given and compresses only the batches between", async () => {
    const known = await compressedSizes(ndjson);
    const marked = {
      ...known,
      dataset: { ...known.dataset, gzip: 7 },
      perMessage: { ...known.perMessage, brotli: 0.5 },
    };
    const rows = await batchedSizes(ndjson, BATCH_SIZES, marked);
    expect(rows.map((r) => r.messages)).toEqual([1, 10, 100, 184]);
    expect(rows[3]?.gzip).toBe(7);
    expect(rows[0]?.brotli).toBe(92);
    const fresh = await batchedSizes(ndjson, [10, 100]);
    expect(rows.slice(1, 3).map(sizesOnly)).toEqual(fresh.map(sizesOnly));
  });

  it("a dataset of one message is one row: the dataset's", async () => {
    const doc = [Buffer.from(readCorpus("citm_catalog.json"))];
    const known = await compressedSizes(doc);
    const rows = await batchedSizes(doc, BATCH_SIZES, known);
    expect(rows).toEqual([{ messages: 1, batches: 1, ...known.dataset, compressMs: known.compressMs }]);
  });
});

describe("zstd dictionaries", () => {
  it("trains on the first half, measures on the other, and beats plain zstd per message", async () => {
    const d = await dictionarySizes(ndjson);
    if ("unavailable" in d) throw new Error(d.unavailable);
    expect(d.trainedOn.messages).toBe(92);
    expect(d.measuredOn.messages).toBe(92);
    expect(d.trainedOn.bytes + d.measuredOn.bytes).toBe(rawBytes);
    expect(d.dictionaryBytes).toBeGreaterThan(0);
    expect(d.dictionaryBytes).toBeLessThanOrEqual(Math.floor(d.trainedOn.bytes / 10));
    expect(d.zstd).toBeLessThan(d.plainZstd);
    // Plain zstd on the measured half is exactly per-message zstd of those messages.
    const half = await compressedSizes(ndjson.slice(92));
    expect(d.plainZstd / 92).toBeCloseTo(half.perMessage.zstd, 6);
  });

  it("says why when the dataset is too small to split", async () => {
    const d = await dictionarySizes(ndjson.slice(0, DICTIONARY_MIN_MESSAGES - 1));
    expect(d).toEqual({ unavailable: expect.stringMatching(/needs at least 20/) });
  });

  it("reports zstd's own refusal and a missing zstd command as reasons", () => {
    const few = trainDictionary(ndjson.slice(0, 3), 1024);
    expect(few).toEqual({ unavailable: expect.stringMatching(/could not train on 3 messages/) });
    const saved = process.env.ZSTD_BIN;
    process.env.ZSTD_BIN = "/nonexistent/zstd";
    try {
      expect(trainDictionary(ndjson, 1024)).toEqual({ unavailable: expect.stringMatching(/not installed/) });
    } finally {
      if (saved === undefined) delete process.env.ZSTD_BIN;
      else process.env.ZSTD_BIN = saved;
    }
  });
});
