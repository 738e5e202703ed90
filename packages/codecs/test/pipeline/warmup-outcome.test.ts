import { describe, expect, it } from "vitest";
import { summarize } from "../../src/harness/statistics.ts";
import { resultSchema, runComparison } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

describe("warm-up outcome in timings", () => {
  it("summarize: any unsettled process makes warmupStable false; iterations are the median over processes", () => {
    const set = (process: number, iterations: number, warmupStable: boolean) => ({
      process,
      round: 0,
      nsPerOp: [100, 110],
      iterations,
      warmupStable,
    });
    const mixed = summarize([set(0, 10, true), set(1, 40, false), set(2, 20, true)], 10, undefined);
    expect(mixed?.warmupStable).toBe(false);
    expect(mixed?.iterationsPerSample).toBe(20);
    const settled = summarize([set(0, 10, true), set(1, 30, true)], 10, undefined);
    expect(settled?.warmupStable).toBe(true);
    expect(settled?.iterationsPerSample).toBe(20);
    // Sample sets from before the field existed carry neither, and the timing then claims nothing.
    const legacy = summarize([{ process: 0, round: 0, nsPerOp: [100] }], 10, undefined);
    expect(legacy).not.toHaveProperty("warmupStable");
    expect(legacy).not.toHaveProperty("iterationsPerSample");
  });

  it("a warm-up that cannot settle (tolerance 0, 1 ms bound) is reported as not stable", {
    timeout: 60_000,
  }, async () => {
    const r = await runComparison(everyTypeDataset, {
      formats: ["json"],
      quick: true,
      settings: { warmupMinMs: 0, warmupMaxMs: 1, warmupTolerance: 0, rounds: 1, samplesPerRound: 5 },
    });
    expect(() => resultSchema.parse(r)).not.toThrow();
    const json = r.formats[0]!;
    expect(json.ok, json.error).toBe(true);
    expect(json.encode?.warmupStable).toBe(false);
    expect(json.decode?.warmupStable).toBe(false);
    expect(json.encode?.iterationsPerSample).toBeGreaterThanOrEqual(1);
  });

  it("a warm-up that settles is reported as stable, across processes", { timeout: 60_000 }, async () => {
    const r = await runComparison(everyTypeDataset, {
      formats: ["json"],
      quick: true,
      // A loose tolerance and a generous bound: CI runs two suites at once on two cores, and this checks
      // the reporting, not how quiet the machine is. A settled warm-up stops early.
      settings: { processes: 2, rounds: 1, samplesPerRound: 5, warmupMaxMs: 5_000, warmupTolerance: 0.5 },
    });
    const json = r.formats[0]!;
    expect(json.ok, json.error).toBe(true);
    for (const t of [json.encode, json.decode]) {
      expect(t?.warmupStable).toBe(true);
      expect(t?.iterationsPerSample).toBeGreaterThanOrEqual(1);
    }
  });
});
