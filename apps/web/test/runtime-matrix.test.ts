import { runtimeIds } from "@wirebench/contracts";
import type { FormatResult } from "@wirebench/contracts/result";
import { formatResultOf, timingOf } from "@wirebench/contracts/testing";
import { describe, expect, it } from "vitest";
import {
  bestPerRuntime,
  isPolyglot,
  runtimeMatrix,
  runtimeOrder,
  sameBytesRows,
  unavailableRuntimes,
} from "../src/lib/runtime-matrix.ts";

/** An entry of `runtime` (Node's keep their registry ids and may leave `runtime` out). */
const at = (
  id: string,
  format: string,
  bytes: number,
  enc: number | null,
  dec: number | null,
  over: Partial<FormatResult> = {},
) =>
  formatResultOf({
    id,
    format,
    bytes,
    encode: enc === null ? null : timingOf(enc),
    decode: dec === null ? null : timingOf(dec),
    ...(id.includes("@") ? { runtime: id.split("@")[1] as FormatResult["runtime"] } : {}),
    ...over,
  });

const entries = [
  at("protobuf", "protobuf", 228, 900, 1500),
  at("protobuf-json", "protobuf", 480, 2000, 3000),
  at("protobuf@python", "protobuf", 228, 4000, 5000),
  at("protobuf@go", "protobuf", 228, 700, 1100),
  at("msgpackr", "msgpack", 300, 600, 800, { minimalVariant: "msgpackr-minimal" }),
  at("msgpackr-minimal", "msgpack", 260, 650, 850),
  at("msgpack@python", "msgpack", 260, 3000, 2000),
  at("json@go", "json", 482, 1500, 2500, {
    fidelity: { exact: false, issues: [{ path: "id", kind: "int64-precision", detail: "x" }] },
  }),
  at("cbor@go", "cbor", 0, null, null, { ok: false, error: "cbor: boom" }),
];

describe("the format × runtime matrix", () => {
  const m = runtimeMatrix(entries);

  it("has one row per format family and one column per runtime, in the contract's order", () => {
    expect(runtimeOrder).toEqual([...runtimeIds]);
    expect(m.rows.map((r) => r.format)).toEqual(["cbor", "json", "msgpack", "protobuf"]);
    expect(m.runtimes).toEqual(["node", "python", "go"]);
  });

  it("puts every entry in its family's row under the runtime it ran in, smallest first", () => {
    const protobuf = m.rows.find((r) => r.format === "protobuf")!;
    expect(protobuf.cells.node!.map((c) => [c.key, c.bytes])).toEqual([
      ["protobuf", 228],
      ["protobuf-json", 480],
    ]);
    expect(protobuf.cells.python!.map((c) => [c.impl, c.bytes, c.encode?.medianNs])).toEqual([
      ["protobuf", 228, 4000],
    ]);
    const msgpack = m.rows.find((r) => r.format === "msgpack")!;
    expect(msgpack.cells.node!.map((c) => c.key)).toEqual(["msgpackr-minimal", "msgpackr"]);
    expect(msgpack.cells.go).toBeUndefined();
    const json = m.rows.find((r) => r.format === "json")!;
    expect(json.cells.go![0]).toMatchObject({ exact: false, issues: 1 });
    // A failed entry keeps its place but carries no numbers.
    expect(m.rows[0]!.cells.go![0]).toMatchObject({ key: "cbor@go", ok: false, bytes: null });
  });

  it("adds a column for a runtime reported available with no entry yet, none for an unavailable one", () => {
    const withStatus = runtimeMatrix(entries, [
      { runtime: "rust", available: true },
      { runtime: "java", available: false, reason: "java: not found" },
    ]);
    expect(withStatus.runtimes).toEqual(["node", "python", "go", "rust"]);
  });
});

describe("the best format of each runtime", () => {
  it("names the smallest and the fastest encode + decode among the entries that worked", () => {
    const best = bestPerRuntime(runtimeMatrix(entries));
    const of = (rt: string) => best.find((b) => b.runtime === rt)!;
    expect(of("node").smallest?.key).toBe("protobuf");
    expect(of("node").fastest?.key).toBe("msgpackr"); // 600 + 800 beats 650 + 850 and 900 + 1500
    expect(of("python").smallest?.key).toBe("protobuf@python");
    expect(of("python").fastest?.key).toBe("msgpack@python"); // 5000 against 9000
    // cbor@go failed: it neither wins nor counts as waiting for a timing.
    expect(of("go")).toMatchObject({ smallest: { key: "protobuf@go" }, fastest: { key: "protobuf@go" } });
    expect(best.map((b) => b.untimed)).toEqual([0, 0, 0]);
  });

  it("while timings are pending, picks the smallest already and counts the entries still untimed", () => {
    const live = [at("avro@rust", "avro", 180, null, null), at("json@rust", "json", 482, 300, 400)];
    const [rust] = bestPerRuntime(runtimeMatrix(live));
    expect(rust).toMatchObject({ runtime: "rust", smallest: { key: "avro@rust" }, untimed: 1 });
    expect(rust!.fastest?.key).toBe("json@rust");
  });
});

describe("runtimes that could not measure, and the same-bytes check", () => {
  it("lists unavailable runtimes in the contract's order with their reasons", () => {
    const statuses = [
      { runtime: "rust" as const, available: false, reason: "cargo not found" },
      { runtime: "node" as const, available: true, version: "v20" },
      { runtime: "java" as const, available: false },
    ];
    expect(unavailableRuntimes(statuses)).toEqual([
      { runtime: "java", reason: "no reason given" },
      { runtime: "rust", reason: "cargo not found" },
    ]);
    expect(unavailableRuntimes(undefined)).toEqual([]);
  });

  it("says per family whether every runtime wrote the reference's bytes, and where others differ", () => {
    const rows = sameBytesRows([
      {
        format: "protobuf",
        reference: "protobuf",
        same: ["protobuf", "protobuf@go", "protobuf@python"],
        different: [],
      },
      {
        format: "msgpack",
        reference: "msgpackr-minimal",
        same: ["msgpackr-minimal"],
        different: [{ id: "msgpack@python", bytes: 262, firstDifferenceAt: 17 }],
      },
    ]);
    expect(rows.map((r) => [r.format, r.allSame, r.same])).toEqual([
      ["msgpack", false, []],
      ["protobuf", true, ["protobuf@go", "protobuf@python"]],
    ]);
    expect(rows[0]!.different[0]).toEqual({ id: "msgpack@python", bytes: 262, firstDifferenceAt: 17 });
  });

  it("shows the view for runs with runtime entries or runtimes asked for, not for plain Node runs", () => {
    expect(isPolyglot({ formats: [at("json", "json", 1, 1, 1)] })).toBe(false);
    expect(isPolyglot({ formats: [at("json", "json", 1, 1, 1, { runtime: "node" })] })).toBe(true);
    expect(isPolyglot({ formats: [], runtimes: [{ runtime: "go", available: false }] })).toBe(true);
  });
});
