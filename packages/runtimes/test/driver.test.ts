import { type FormatResult, quickSettings, runComparison } from "@wirebench/codecs";
import { beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../schemas/test/scratch-dir.ts";
import { nodeRuntime } from "../node/definition.ts";
import { crossRuntimeBytes, measureInRuntime, type RuntimeRun } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";
import { expectTimingsWithCi } from "./expect-timings.ts";

// The Node implementation of the protocol against Node's own harness, on the same data and libraries.
const pairs: [string, string][] = [
  ["protobuf@node", "protobuf"],
  ["avro@node", "avro"],
  ["msgpack@node", "msgpackr-minimal"],
  ["cbor@node", "cbor-minimal"],
];

describe("measureInRuntime with the Node child on AddressBook", () => {
  const dataset = addressBook();
  let run: RuntimeRun;
  let node: FormatResult[];
  beforeAll(async () => {
    const workDir = scratchDir("wb-driver-");
    // Two processes: the interval then pools processes as Node's does.
    run = await measureInRuntime(nodeRuntime, { dataset, settings: quickSettings, processes: 2, workDir });
    const result = await runComparison(dataset, {
      formats: pairs.map(([, id]) => id),
      quick: true,
      verifyOnly: true,
    });
    node = result.formats;
  });

  it("reports the runtime and its libraries", () => {
    expect(run.status).toMatchObject({ runtime: "node", available: true, version: process.version });
    expect(run.status.libraries?.protobufjs).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("writes Node's bytes, digest, first message and fidelity for every format", () => {
    for (const [id, nodeId] of pairs) {
      const f = run.formats.find((e) => e.id === id) as FormatResult;
      const n = node.find((e) => e.id === nodeId) as FormatResult;
      expect(f.ok, `${id}: ${f.error}`).toBe(true);
      expect(f.bytes).toBe(n.bytes);
      expect(f.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(f.digest).toBe(n.digest);
      expect(f.firstMessage).toEqual(n.firstMessage);
      expect(f.compressed).toEqual(n.compressed);
      expect(f.fidelity).toEqual(n.fidelity);
      expect(f).toMatchObject({
        runtime: "node",
        runtimeVersion: process.version,
        variant: f.id.split("@")[0],
      });
    }
    // The Protobuf tutorial's book of two people is 228 B; Carol's book adds 25.
    expect(run.formats.find((e) => e.id === "protobuf@node")?.bytes).toBe(253);
    expect(run.formats.find((e) => e.id === "msgpack@node")?.fidelity.exact).toBe(true);
  });

  it("times encode and decode with confidence intervals from both processes", () => {
    expectTimingsWithCi(run.formats, (t) => expect(t.processSpread).toBeGreaterThanOrEqual(0));
  });

  it("finds the same bytes in Node's entries and the protocol child's", () => {
    const rows = crossRuntimeBytes([...node, ...run.formats]);
    const row = (format: string) => rows.find((r) => r.format === format);
    expect(row("protobuf")).toEqual({
      format: "protobuf",
      reference: "protobuf",
      same: ["protobuf@node"],
      different: [],
    });
    expect(row("msgpack")).toMatchObject({ reference: "msgpackr-minimal", same: ["msgpack@node"] });
    expect(row("cbor")).toMatchObject({ reference: "cbor-minimal", same: ["cbor@node"] });
  });
});

describe("crossRuntimeBytes", () => {
  const entry = (
    id: string,
    runtime: FormatResult["runtime"],
    bytes: number[],
    digest: string,
    format = "msgpack",
    variant = "plain",
  ): FormatResult => ({
    id,
    format,
    variant,
    library: "x",
    version: "1",
    ok: true,
    bytes: bytes.length,
    compressed: { gzip: 0, brotli: 0, zstd: 0 },
    encode: null,
    decode: null,
    fidelity: { exact: true, issues: [] },
    firstMessage: { base64: Buffer.from(bytes).toString("base64"), bytes: bytes.length, truncated: false },
    digest,
    ...(runtime ? { runtime } : {}),
  });
  it("names where the first message differs", () => {
    const rows = crossRuntimeBytes([
      entry("msgpackr", undefined, [0xde, 0, 1, 0xa1], "a"),
      entry("msgpackr-minimal", undefined, [0x81, 0xa1, 0x61, 1], "b"),
      entry("msgpack@go", "go", [0x81, 0xa1, 0x61, 1], "b"),
      entry("msgpack@java", "java", [0x81, 0xa1, 0x62, 1], "c"),
    ]);
    expect(rows).toEqual([
      {
        format: "msgpack",
        reference: "msgpackr-minimal",
        same: ["msgpack@go"],
        different: [{ id: "msgpack@java", bytes: 4, firstDifferenceAt: 2 }],
      },
    ]);
  });

  it("compares an impl named after one of Node's variants with that variant, one row each", () => {
    const rows = crossRuntimeBytes([
      entry("thrift-binary", undefined, [1, 2], "b", "thrift", "binary protocol"),
      entry("thrift-compact", undefined, [3], "c", "thrift", "compact protocol"),
      entry("thrift-binary@go", "go", [1, 2], "b", "thrift", "thrift-binary"),
      entry("thrift-compact@go", "go", [3], "c", "thrift", "thrift-compact"),
      entry("thrift-compact@java", "java", [4], "d", "thrift", "thrift-compact"),
      // An impl named like the family is compared with the family's reference (cbor-minimal).
      entry("cbor", undefined, [0xb9], "p", "cbor"),
      entry("cbor-minimal", undefined, [0xa0], "m", "cbor"),
      entry("cbor@go", "go", [0xa0], "m", "cbor", "cbor"),
    ]);
    expect(rows).toEqual([
      { format: "thrift", reference: "thrift-binary", same: ["thrift-binary@go"], different: [] },
      {
        format: "thrift",
        reference: "thrift-compact",
        same: ["thrift-compact@go"],
        different: [{ id: "thrift-compact@java", bytes: 1, firstDifferenceAt: 0 }],
      },
      { format: "cbor", reference: "cbor-minimal", same: ["cbor@go"], different: [] },
    ]);
  });
});
