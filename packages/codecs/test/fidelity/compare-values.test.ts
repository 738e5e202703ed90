import { fidelityKinds, severityOf } from "@wirebench/contracts";
import type { DataValue, IrType } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { compareDatasets } from "../../src/fidelity/compare-values.ts";

/** Kinds that leave every value intact (`exact` = no lossy issue: docs/architecture.md, "Measurement"). */
const cosmeticKinds = ["key-order", "number-type", "number-spelling"];

const color: IrType = { kind: "enum", name: "Color", symbols: ["RED", "GREEN"] };

// Conformance table: what went in, what came out, the one issue expected (or none).
const cases: { name: string; e: DataValue; a: unknown; type?: IrType; kind?: string; path?: string }[] = [
  { name: "identical objects", e: { a: 1, b: [true, null] }, a: { a: 1, b: [true, null] } },
  {
    name: "int64 rounded by JSON.parse",
    e: { id: 505874924095815681n },
    a: { id: 505874924095815680 },
    kind: "int64-precision",
    path: "/id",
  },
  {
    name: "float32 rounding",
    e: { r: 0.1 },
    a: { r: Math.fround(0.1) },
    kind: "float32-rounding",
    path: "/r",
  },
  { name: "null read back as absent", e: { n: null }, a: {}, kind: "null-vs-absent", path: "/n" },
  { name: "absent read back as null", e: {}, a: { n: null }, kind: "null-vs-absent", path: "/n" },
  { name: "key order", e: { a: 1, b: 2 }, a: { b: 2, a: 1 }, kind: "key-order", path: "/" },
  {
    name: "bytes as base64",
    e: { b: new Uint8Array([1, 2, 3]) },
    a: { b: "AQID" },
    kind: "bytes-as-base64",
    path: "/b",
  },
  { name: "bytes changed", e: new Uint8Array([1, 2]), a: new Uint8Array([1, 3]), kind: "bytes-changed" },
  {
    name: "date shape",
    e: { d: "2024-01-02T03:04:05Z" },
    a: { d: "2024-01-02T03:04:05.000Z" },
    kind: "date-shape",
    path: "/d",
  },
  {
    name: "date as Date object",
    e: "2024-01-02T03:04:05Z",
    a: new Date("2024-01-02T03:04:05Z"),
    kind: "date-shape",
  },
  {
    name: "enum by number",
    e: { c: "GREEN" },
    a: { c: 1 },
    type: { kind: "record", name: "R", fields: [{ name: "c", number: 1, optional: false, type: color }] },
    kind: "enum-by-number",
    path: "/c",
  },
  { name: "type changed", e: { s: "1" }, a: { s: 1 }, kind: "type-changed", path: "/s" },
  { name: "missing field", e: { s: "x" }, a: {}, kind: "missing", path: "/s" },
  { name: "extra field", e: {}, a: { s: "x" }, kind: "extra", path: "/s" },
  { name: "array length", e: [1, 2], a: [1], kind: "value-changed" },
  { name: "number read back as bigint", e: 5, a: 5n, kind: "number-type" },
  { name: "-0 read back as 0", e: { z: -0 }, a: { z: 0 }, kind: "number-spelling", path: "/z" },
  {
    name: "path escaping",
    e: { "a/b": { "~": 1 } },
    a: { "a/b": { "~": 2 } },
    kind: "value-changed",
    path: "/a~1b/~0",
  },
];

describe("compareDatasets", () => {
  it.each(cases)("$name", ({ e, a, type, kind, path }) => {
    const f = compareDatasets([e], [a], type);
    if (!kind) {
      expect(f).toEqual({ exact: true, issues: [], issueCount: 0, lossyCount: 0 });
      return;
    }
    expect(f.issues.map((i) => i.kind)).toEqual([kind]);
    const severity = f.issues[0]?.severity;
    expect(severity).toBe(cosmeticKinds.includes(kind) ? "cosmetic" : "lossy");
    // Exact means "no lossy issue": a reordered object is still the same data.
    expect(f.exact).toBe(severity === "cosmetic");
    expect(f.lossyCount).toBe(severity === "lossy" ? 1 : 0);
    if (path) expect(f.issues[0]?.path).toBe(path);
  });

  it("reports lossy issues first, so cosmetic ones past the cap cannot hide them", () => {
    const reordered = Array.from({ length: 20 }, () => ({ a: 1, b: 2 }));
    const e: DataValue = { list: reordered, id: 505874924095815681n };
    const a = { list: reordered.map(() => ({ b: 2, a: 1 })), id: 505874924095815680 };
    const f = compareDatasets([e], [a], undefined, 5);
    expect(f.issues).toHaveLength(5);
    expect(f.issues[0]).toMatchObject({ path: "/id", kind: "int64-precision", severity: "lossy" });
    expect(f.issues.slice(1).every((i) => i.kind === "key-order" && i.severity === "cosmetic")).toBe(true);
    expect(f).toMatchObject({ exact: false, issueCount: 21, lossyCount: 1 });
  });

  it("agrees with severityOf for every kind, which reads stored issues that carry no severity", () => {
    expect(fidelityKinds.filter((k) => severityOf(k) === "cosmetic").sort()).toEqual(
      [...cosmeticKinds].sort(),
    );
  });

  it("prefixes paths with the message index when a dataset has several messages", () => {
    const f = compareDatasets([{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 3 }]);
    expect(f.issues).toEqual([
      { path: "#1/a", kind: "value-changed", severity: "lossy", detail: "expected 2, got 3" },
    ]);
  });

  it("keeps counting past the issue cap so a long report is never read as exact", () => {
    const e = Array.from({ length: 50 }, (_, i) => i);
    const f = compareDatasets([e], [e.map((x) => x + 1)], undefined, 10);
    expect(f.issues).toHaveLength(10);
    expect(f.issueCount).toBe(50);
    expect(f.exact).toBe(false);
  });

  it("treats a `__proto__` key as data", () => {
    const e = JSON.parse('{"__proto__": {"x": 1}}') as DataValue;
    const a = JSON.parse('{"__proto__": {"x": 2}}');
    expect(compareDatasets([e], [a]).issues.map((i) => i.path)).toEqual(["/__proto__/x"]);
  });
});
