import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { compress as zstdCompress, decompress as zstdDecompress, init as zstdInit } from "@bokuweb/zstd-wasm";
import { type Dataset, emitProto, type IrType } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { msgpackJsAdapter } from "../../src/adapters/msgpack-js.ts";
import { msgpackrPlainAdapter } from "../../src/adapters/msgpackr.ts";
import { prepareProtobuf } from "../../src/adapters/protobuf.ts";
import { isUnsupported, type PreparedCodec } from "../../src/adapters/types.ts";
import { BROTLI_QUALITY, compressedSizes, ZSTD_LEVEL } from "../../src/sizes/compressed-sizes.ts";

const dataset = (messages: Dataset["messages"]): Dataset => ({
  schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
  messages,
});

async function prepare(adapter: typeof msgpackrPlainAdapter, d: Dataset): Promise<PreparedCodec> {
  const p = await adapter.prepare(d, { workDir: "/nonexistent" });
  if (isUnsupported(p)) throw new Error(p.unsupported);
  return p;
}

describe("MessagePack sizes worked out by hand", () => {
  // fixarray(2) = 0x92; fixstr(1) "a" = a1 61; fixstr(2) "bc" = a2 62 63 → 6 bytes.
  it.each([
    ["msgpackr", msgpackrPlainAdapter],
    ["@msgpack/msgpack", msgpackJsAdapter],
  ])('%s encodes ["a", "bc"] as 92 a1 61 a2 62 63', async (_name, adapter) => {
    const codec = await prepare(adapter, dataset([["a", "bc"]]));
    expect(Buffer.from(codec.encode(codec.inputs[0])).toString("hex")).toBe("92a161a26263");
  });

  it("a 32-character string takes the str8 header: d9 20 + 32 bytes", async () => {
    const s = "x".repeat(32);
    const codec = await prepare(msgpackrPlainAdapter, dataset([[s]]));
    const bytes = codec.encode(codec.inputs[0]);
    expect(bytes.byteLength).toBe(1 + 2 + 32);
    expect(Buffer.from(bytes.subarray(0, 3)).toString("hex")).toBe("91d920");
  });
});

describe("compressedSizes", () => {
  it("reports raw bytes exactly and compressed sizes that decompress to the input", async () => {
    const a = new TextEncoder().encode("hello ".repeat(100));
    const b = new TextEncoder().encode("world ".repeat(50));
    const s = await compressedSizes([a, b]);
    expect(s.dataset.raw).toBe(600 + 300);
    expect(s.perMessage.raw).toBe(450);
    // compressedSizes only reports sizes: compress the same stream at the same levels, check that the
    // sizes are those of these streams, and that each stream decompresses to the input bytes.
    await zstdInit();
    const all = Buffer.concat([a, b]);
    const streams = {
      gzip: [gzipSync(all), (c: Uint8Array) => gunzipSync(c)],
      brotli: [
        brotliCompressSync(all, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
        (c: Uint8Array) => brotliDecompressSync(c),
      ],
      zstd: [zstdCompress(all, ZSTD_LEVEL), (c: Uint8Array) => zstdDecompress(c)],
    } as const;
    for (const [k, [compressed, decompress]] of Object.entries(streams)) {
      const name = k as keyof typeof streams;
      expect(s.dataset[name], name).toBe(compressed.byteLength);
      // Repetitive text must shrink; a size at or above the input would mean a stored, not compressed, stream.
      expect(s.dataset[name], name).toBeLessThan(all.byteLength);
      expect(Buffer.from(decompress(compressed)).equals(all), name).toBe(true);
      expect(Number.isFinite(s.compressMs[name]), name).toBe(true);
      // Each message was compressed and decompressed on its own, and that took time.
      expect(s.perMessageCompressMs?.[name], name).toBeGreaterThan(0);
      expect(s.perMessageDecompressMs?.[name], name).toBeGreaterThan(0);
    }
    // Per message: the mean of each message compressed alone.
    expect(s.perMessage.gzip).toBe((gzipSync(a).byteLength + gzipSync(b).byteLength) / 2);
    // Each message compressed alone costs more in total than one stream of both.
    expect(s.perMessage.gzip * 2).toBeGreaterThan(s.dataset.gzip);
  });
});

describe("Protobuf sizes worked out by hand", () => {
  const work = () => scratchDir("wirebench-proto-size-");
  /** One-field message `M { <type> v = <number>; }` encoded with the binary adapter, as hex. */
  function encodeOne(type: IrType, value: Dataset["messages"][number], number = 1): string {
    const d: Dataset = {
      schema: {
        irVersion: 1,
        name: "M",
        source: "proto",
        root: { kind: "record", name: "M", fields: [{ name: "v", number, optional: false, type }] },
      },
      messages: [{ v: value }],
    };
    const codec = prepareProtobuf(d, emitProto(d.schema), work(), false);
    return Buffer.from(codec.encode(codec.inputs[0])).toString("hex");
  }

  // A negative int32 is sign-extended to 64 bits: -1 is 64 one-bits, nine groups of seven 1s
  // (ff × 9) and the last bit (01): 10 bytes after the key 08.
  it("int32 -1 takes a 10-byte varint: 08 ff×9 01", () => {
    const hex = encodeOne({ kind: "int32" }, -1);
    expect(hex).toBe(`08${"ff".repeat(9)}01`);
    expect(hex.length / 2).toBe(11);
  });

  // 505874924095815681 = 0x07053a902f824001 (59 bits → 9 groups of 7). Low group first:
  // 0000001 0000000 0001001 1111100 0000010 1010010 1001110 0000010 0000111, with the
  // continuation bit set on all but the last: 81 80 89 fc 82 d2 ce 82 07.
  it("the tweet id 505874924095815681 as int64 is 08 + 9 varint bytes", () => {
    expect(encodeOne({ kind: "int64" }, 505874924095815681n)).toBe("08818089fc82d2ce8207");
  });

  // Field 2, wire type 2 (length-delimited): key (2 << 3 | 2) = 12, length 07, then UTF-8 "testing".
  it('string "testing" in field 2 is 12 07 74 65 73 74 69 6e 67', () => {
    expect(encodeOne({ kind: "string" }, "testing", 2)).toBe("120774657374696e67");
  });

  // proto3 packs repeated scalars: key (4 << 3 | 2) = 22, byte length 06, then the varints
  // 3 → 03, 270 = 0b10_0001110 → 8e 02, 86942 = 0b101_0100111_0011110 → 9e a7 05.
  it("packed repeated int32 [3, 270, 86942] in field 4 is 22 06 03 8e 02 9e a7 05", () => {
    expect(encodeOne({ kind: "array", items: { kind: "int32" } }, [3, 270, 86942], 4)).toBe(
      "2206038e029ea705",
    );
  });

  // The IR timestamp is int64 epoch milliseconds: 1 s after the epoch is 1000 = 0b111_1101000 → e8 07.
  it('timestamp "1970-01-01T00:00:01Z" is the int64 1000: 08 e8 07', () => {
    expect(encodeOne({ kind: "timestamp" }, "1970-01-01T00:00:01Z")).toBe("08e807");
  });
});
