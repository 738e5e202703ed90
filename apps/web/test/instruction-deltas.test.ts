import type { FormatInstructions } from "@wirebench/contracts/result";
import { describe, expect, it } from "vitest";
import { compareEntries } from "../src/server/services/compare-entries.ts";

const count = (perOp: number, noisy = false) => ({
  perOp,
  runs: [perOp, perOp],
  spread: noisy ? 0.004 : 0,
  noisy,
  settled: true,
});
const entry = (instructions?: FormatInstructions) => ({
  id: "json",
  format: "json",
  variant: "",
  ok: true,
  bytes: 100,
  compressed: { gzip: 90, brotli: 80, zstd: 85 },
  encode: null,
  decode: null,
  ...(instructions ? { instructions } : {}),
});

describe("comparing instruction counts", () => {
  const base = entry({ encode: count(10_000), decode: count(20_000) });

  it("fails the instructions check when a count rises past the limit, with the deltas", () => {
    const r = compareEntries([base], [entry({ encode: count(10_300), decode: count(20_000) })], {
      maxInstructionRegressionPct: 1,
    });
    expect(r.pass).toBe(false);
    expect(r.formats[0]?.instructionFail).toBe(true);
    expect(r.formats[0]?.instructions?.[0]).toMatchObject({ op: "encode", base: 10_000, current: 10_300 });
    expect(r.formats[0]?.instructions?.[0]?.deltaPct).toBeCloseTo(3, 6);
    expect(r.checks).toContainEqual({
      name: "instructions",
      limitPct: 1,
      failing: ["json"],
      compared: 1,
      pass: false,
    });
  });

  it("passes unchanged and slightly moved counts, and never judges a noisy one", () => {
    expect(compareEntries([base], [base], { maxInstructionRegressionPct: 1 }).pass).toBe(true);
    const within = entry({ encode: count(10_050), decode: count(19_000) });
    expect(compareEntries([base], [within], { maxInstructionRegressionPct: 1 }).pass).toBe(true);
    const noisy = entry({ encode: count(12_000, true), decode: count(20_000) });
    const r = compareEntries([base], [noisy], { maxInstructionRegressionPct: 1 });
    expect(r.pass).toBe(true);
    expect(r.formats[0]?.instructions?.[0]?.noisy).toBe(true);
  });

  it("says the gate had nothing to compare when a run has no counts, and leaves other checks alone", () => {
    const r = compareEntries([base], [entry()], { maxInstructionRegressionPct: 1 });
    expect(r.checks.find((c) => c.name === "instructions")).toMatchObject({ compared: 0, pass: true });
    expect(r.formats[0]?.instructions).toBeUndefined();
    expect(compareEntries([base], [base], {}).checks.some((c) => c.name === "instructions")).toBe(false);
  });
});
