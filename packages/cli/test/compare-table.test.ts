import type { FormatResult, Result, Timing } from "@wirebench/contracts";
import { describe, expect, it } from "vitest";
import { renderTable } from "../src/commands/compare.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escapes are what is being removed
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

const timing = (medianNs: number, warmupStable?: boolean): Timing => ({
  medianNs,
  ciLowNs: medianNs * 0.99,
  ciHighNs: medianNs * 1.01,
  samples: 20,
  opsPerSec: 1e9 / medianNs,
  mbPerSec: 1,
  ...(warmupStable === undefined ? {} : { warmupStable }),
});

const format = (id: string, bytes: number, encode: Timing, decode: Timing): FormatResult => ({
  id,
  format: id,
  variant: "binary",
  library: id,
  version: "1.0.0",
  ok: true,
  bytes,
  compressed: { gzip: bytes, brotli: bytes, zstd: bytes },
  encode,
  decode,
  fidelity: { exact: true, issues: [] },
});

const result = (formats: FormatResult[]): Result =>
  ({
    status: "completed",
    formats,
    environment: {
      node: "v20.0.0",
      v8: "11",
      platform: "linux",
      arch: "x64",
      cpuModel: "cpu",
      cpuCount: 2,
      totalMemoryMb: 1024,
      gitCommit: null,
      libraries: {},
      settings: {},
      startedAt: "2026-01-01T00:00:00Z",
      durationMs: 1000,
    },
  }) as Result;

describe("compare table", () => {
  it("marks a timing whose warm-up did not settle with ~ and explains the mark once", () => {
    const out = plain(
      renderTable(
        result([
          format("alpha", 10, timing(500, true), timing(700, false)),
          format("beta", 20, timing(900, true), timing(1100, true)),
        ]),
      ),
    );
    const row = (id: string) => out.split("\n").find((l) => l.startsWith(`│ ${id} `)) ?? "";
    expect(row("alpha")).toContain("│ 500 ns ±1%");
    expect(row("alpha")).toContain("│ ~700 ns ±1%");
    expect(row("beta")).not.toContain("~");
    expect(out.match(/^~ warm-up did not settle/gm)).toHaveLength(1);
  });

  it("headlines lossy formats only and shows cosmetic differences apart", () => {
    const issue = (kind: "key-order" | "int64-precision", severity: "lossy" | "cosmetic") => ({
      path: "/",
      kind,
      severity,
      detail: "",
    });
    const reordered = format("protobuf", 10, timing(500), timing(700));
    reordered.fidelity = {
      exact: true,
      issues: [issue("key-order", "cosmetic")],
      issueCount: 1,
      lossyCount: 0,
    };
    const rounded = format("json", 20, timing(500), timing(700));
    rounded.fidelity = {
      exact: false,
      issues: [issue("int64-precision", "lossy"), issue("key-order", "cosmetic")],
      issueCount: 3,
      lossyCount: 2,
    };
    const out = plain(renderTable(result([reordered, rounded, format("avro", 30, timing(1), timing(1))])));
    const row = (id: string) => out.split("\n").find((l) => l.startsWith(`│ ${id} `)) ?? "";
    expect(row("protobuf")).toMatch(/exact \+1 cosmetic: key-order/);
    expect(row("json")).toMatch(/2 lossy: int64-precision \+1 cosmetic: key-order/);
    expect(row("avro")).toMatch(/│ exact +│/);
    expect(out).toContain("1 format did not round-trip the data exactly: json");
    expect(out).toContain("cosmetic differences only (same values; e.g. key order): protobuf");
  });

  it("reads a stored result whose issues have no severity by their kind", () => {
    const old = format("protobuf", 10, timing(500), timing(700));
    old.fidelity = { exact: false, issues: [{ path: "/", kind: "key-order", detail: "" }] };
    const out = plain(renderTable(result([old])));
    expect(out).toMatch(/exact \+1 cosmetic: key-order/);
    expect(out).not.toContain("did not round-trip");
  });

  it("sums up sizes with each format's minimal encoding, and says which defaults it set aside", () => {
    const padded = { ...format("msgpackr", 120, timing(1), timing(1)), minimalVariant: "msgpackr-minimal" };
    const out = plain(
      renderTable(
        result([
          padded,
          format("msgpackr-minimal", 100, timing(1), timing(1)),
          format("json", 150, timing(1), timing(1)),
        ]),
      ),
    );
    expect(out).toContain("smallest: msgpackr-minimal 100 B; with zstd: msgpackr-minimal 100 B");
    expect(out).toContain(
      "sizes compare each format's minimal encoding: msgpackr-minimal for msgpackr (+20 B)",
    );
    // A default whose minimal variant did not run stands for its format, with nothing to explain.
    const alone = plain(renderTable(result([{ ...padded }, format("json", 150, timing(1), timing(1))])));
    expect(alone).toContain("smallest: msgpackr 120 B");
    expect(alone).not.toContain("minimal encoding");
  });

  it("shows no mark or legend when every warm-up settled or the result predates the field", () => {
    const out = plain(renderTable(result([format("alpha", 10, timing(500, true), timing(700))])));
    expect(out).not.toContain("~");
    expect(out).toContain("│ 700 ns ±1%");
  });

  it("marks timings the time budget cut with † and a single call over the budget with ‡, explained once", () => {
    const bound = { ...timing(2_000_000), samples: 4, budgetBound: true };
    const over = { ...timing(9_000_000), samples: 1, budgetBound: true, overBudget: true, ciLevel: 0 };
    const out = plain(
      renderTable(result([format("yaml", 10, bound, over), format("v8", 5, timing(1), timing(1))])),
    );
    const row = (id: string) => out.split("\n").find((l) => l.startsWith(`│ ${id} `)) ?? "";
    expect(row("yaml")).toContain("†2.00 ms");
    expect(row("yaml")).toContain("‡9.00 ms");
    expect(row("v8")).not.toMatch(/[†‡]/);
    expect(out.split("\n").filter((l) => l.startsWith("† the time budget"))).toHaveLength(1);
    expect(out.split("\n").filter((l) => l.startsWith("‡ one call"))).toHaveLength(1);
  });
});
