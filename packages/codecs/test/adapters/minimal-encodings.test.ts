import { type CorpusDocument, readCorpus } from "@wirebench/corpus";
import { type Dataset, inferDataset } from "@wirebench/schemas";
import { encode as cbor2Encode } from "cbor2";
import { describe, expect, it } from "vitest";
import { cborAdapter, cborMinimalAdapter } from "../../src/adapters/cbor-x.ts";
import { msgpackJsAdapter } from "../../src/adapters/msgpack-js.ts";
import { msgpackrMinimalAdapter, msgpackrPlainAdapter } from "../../src/adapters/msgpackr.ts";
import { type Adapter, isUnsupported } from "../../src/adapters/types.ts";
import { runComparison, sizeSummaryEntries } from "../../src/index.ts";

async function encodeWith(adapter: Adapter, d: Dataset): Promise<Buffer> {
  const codec = await adapter.prepare(d, { workDir: "/nonexistent" });
  if (isUnsupported(codec)) throw new Error(codec.unsupported);
  return Buffer.from(codec.encode(codec.inputs[0]));
}

const one = (value: unknown): Dataset => ({
  schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
  messages: [value as Dataset["messages"][number]],
});

/**
 * Walks two encodings of the same value and returns the head bytes at which they differ, after
 * checking each difference is one the caller allows: a 9-byte number written with another type byte
 * (same length, same value). Any other difference fails the test at its offset.
 */
function numberTypeDifferences(
  ours: Buffer,
  reference: Buffer,
  sameNumber: (ourHead: number, refHead: number, ourArg: Buffer, refArg: Buffer) => boolean,
): string[] {
  expect(ours.length).toBe(reference.length);
  const seen = new Set<string>();
  for (let i = 0; i < ours.length; i++) {
    if (ours[i] === reference[i]) continue;
    const [o, r] = [ours[i] as number, reference[i] as number];
    const ok = sameNumber(o, r, ours.subarray(i + 1, i + 9), reference.subarray(i + 1, i + 9));
    expect(
      ok,
      `offset ${i}: ${ours.subarray(i, i + 9).toString("hex")} vs ${reference.subarray(i, i + 9).toString("hex")}`,
    ).toBe(true);
    seen.add(`${o.toString(16)}/${r.toString(16)}`);
    i += 8;
  }
  return [...seen];
}

const corpus: CorpusDocument[] = ["twitter.json", "citm_catalog.json", "canada.json"];

describe("MessagePack: msgpackr with variableMapSize is the minimal encoding @msgpack/msgpack writes", () => {
  it.each(corpus)("%s: byte for byte, but for the type byte of positive int64s", async (doc) => {
    const d = inferDataset(readCorpus(doc));
    const minimal = await encodeWith(msgpackrMinimalAdapter, d);
    const reference = await encodeWith(msgpackJsAdapter, d);
    // msgpackr writes a positive bigint as int64 (d3), @msgpack/msgpack as uint64 (cf): both 9 bytes,
    // the same 8 value bytes. That is the only difference allowed.
    const kinds = numberTypeDifferences(
      minimal,
      reference,
      (o, r, oa, ra) => o === 0xd3 && r === 0xcf && oa.equals(ra),
    );
    expect(kinds).toEqual(doc === "twitter.json" ? ["d3/cf"] : []);
    // The library default pays a map16 header (3 bytes) for every object.
    const padded = await encodeWith(msgpackrPlainAdapter, d);
    expect(padded.length).toBeGreaterThan(minimal.length);
  });

  it("writes a fixmap header below 16 keys and map16 from 16 on (hand-worked)", async () => {
    expect((await encodeWith(msgpackrMinimalAdapter, one({ a: 1 }))).toString("hex")).toBe("81a16101");
    expect((await encodeWith(msgpackrPlainAdapter, one({ a: 1 }))).toString("hex")).toBe("de0001a16101");
    const sixteen = Object.fromEntries(
      Array.from({ length: 16 }, (_, i) => [String.fromCharCode(97 + i), i]),
    );
    expect((await encodeWith(msgpackrMinimalAdapter, one(sixteen))).subarray(0, 3).toString("hex")).toBe(
      "de0010",
    );
  });
});

describe("CBOR: cbor-x with variableMapSize is RFC 8949's minimal header encoding", () => {
  it.each(corpus)("%s: byte for byte what cbor2 writes with 64-bit floats", async (doc) => {
    const d = inferDataset(readCorpus(doc));
    const minimal = await encodeWith(cborMinimalAdapter, d);
    const reference = Buffer.from(cbor2Encode(d.messages[0], { float64: true }));
    // cbor-x writes a safe integer beyond 32 bits as a float64 (fb), cbor2 as a uint64 (1b): both 9
    // bytes holding the same number. That is the only difference allowed.
    const kinds = numberTypeDifferences(
      minimal,
      reference,
      (o, r, oa, ra) => o === 0xfb && r === 0x1b && oa.readDoubleBE(0) === Number(ra.readBigUInt64BE(0)),
    );
    expect(kinds).toEqual(doc === "citm_catalog.json" ? ["fb/1b"] : []);
    const padded = await encodeWith(cborAdapter, d);
    expect(padded.length).toBeGreaterThan(minimal.length);
  });

  it("writes a one-byte map header below 24 keys and a two-byte one at 24 (hand-worked)", async () => {
    // {"a": 1}: a1 (map of 1) 61 61 ("a") 01; the default spends b9 00 01 (map, 2-byte length).
    expect((await encodeWith(cborMinimalAdapter, one({ a: 1 }))).toString("hex")).toBe("a1616101");
    expect((await encodeWith(cborAdapter, one({ a: 1 }))).toString("hex")).toBe("b90001616101");
    const keys = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`k${i}`, i]));
    expect((await encodeWith(cborMinimalAdapter, one(keys))).subarray(0, 2).toString("hex")).toBe("b818");
  });
});

describe("results name the minimal variant the size summary uses", () => {
  it("marks the library defaults and keeps their minimal variants in the summary", async () => {
    const r = await runComparison(inferDataset('{"user": {"name": "ann", "tags": {"a": 1}}}'), {
      verifyOnly: true,
      formats: ["msgpack", "cbor", "cbor-minimal"],
    });
    const byId = new Map(r.formats.map((f) => [f.id, f]));
    expect(byId.get("msgpackr")?.minimalVariant).toBe("msgpackr-minimal");
    expect(byId.get("cbor")?.minimalVariant).toBe("cbor-minimal");
    // Three objects, two bytes saved on each header.
    expect((byId.get("msgpackr")?.bytes ?? 0) - (byId.get("msgpackr-minimal")?.bytes ?? 0)).toBe(6);
    expect((byId.get("cbor")?.bytes ?? 0) - (byId.get("cbor-minimal")?.bytes ?? 0)).toBe(6);
    for (const f of r.formats) expect(f.fidelity.exact, f.id).toBe(true);
    expect(sizeSummaryEntries(r.formats).map((f) => f.id)).toEqual([
      "msgpackr-minimal",
      "msgpackr-records",
      "msgpack-js",
      "cbor-minimal",
    ]);
    // Without its minimal variant in the run, a default stands for its format.
    expect(sizeSummaryEntries(r.formats.filter((f) => f.id !== "cbor-minimal")).map((f) => f.id)).toContain(
      "cbor",
    );
  });
});
