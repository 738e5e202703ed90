import { gzipSync } from "node:zlib";
import type { Dataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { msgpackJsAdapter } from "../../src/adapters/msgpack-js.ts";
import { msgpackrPlainAdapter } from "../../src/adapters/msgpackr.ts";
import { isUnsupported, type PreparedCodec } from "../../src/adapters/types.ts";
import { compressedSizes } from "../../src/sizes/compressed-sizes.ts";

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
    for (const k of ["gzip", "brotli", "zstd"] as const) {
      expect(s.dataset[k]).toBeGreaterThan(0);
      expect(s.dataset[k]).toBeLessThan(900);
      expect(s.compressMs[k]).toBeGreaterThanOrEqual(0);
    }
    // Per message: each message compressed alone costs more in total than one stream of both.
    expect(s.perMessage.gzip * 2).toBeGreaterThan(s.dataset.gzip);
    // The dataset figure is the concatenated stream, compressed once.
    expect(s.dataset.gzip).toBe(gzipSync(Buffer.concat([a, b])).byteLength);
  });
});
