import { describe, expect, it } from "vitest";
import { planSamples, REWARM_FRACTION, samplesInRound } from "../../src/harness/plan-samples.ts";

const ms = 1e6;
const limits = { desired: 20, floor: 3, rounds: 4 };

describe("planSamples", () => {
  it("gives every operation its desired samples and re-warm batches when they fit the budget", () => {
    const plans = planSamples(
      [
        { key: "a", nsPerSample: 1 * ms },
        { key: "b", nsPerSample: 2 * ms },
      ],
      { ...limits, budgetNs: 72 * ms },
    );
    expect(plans.get("a")).toEqual({ samples: 20, bound: false, overBudget: false, rewarm: true });
    expect(plans.get("b")).toEqual({ samples: 20, bound: false, overBudget: false, rewarm: true });
  });

  it("counts each round's re-warm as a quarter of a sample, not a whole one", () => {
    // 20 samples + 4 re-warms of a quarter = 21 samples' time: fits 64 ms at 3 ms a sample, where
    // whole re-warm batches (24 samples, 72 ms) would not.
    const plans = planSamples([{ key: "a", nsPerSample: 3 * ms }], { ...limits, budgetNs: 64 * ms });
    expect(REWARM_FRACTION).toBe(0.25);
    expect(plans.get("a")).toEqual({ samples: 20, bound: false, overBudget: false, rewarm: true });
    const tighter = planSamples([{ key: "a", nsPerSample: 3 * ms }], { ...limits, budgetNs: 62 * ms });
    expect(tighter.get("a")?.bound).toBe(true);
  });

  it("cuts the expensive operation first, keeps the cheap one whole, and stays within the budget", () => {
    const costs = [
      { key: "cheap", nsPerSample: 1 * ms },
      { key: "dear", nsPerSample: 10 * ms },
    ];
    const budgetNs = 100 * ms;
    const plans = planSamples(costs, { ...limits, budgetNs });
    const cheap = plans.get("cheap");
    const dear = plans.get("dear");
    expect(cheap).toMatchObject({ samples: 20, bound: false });
    expect(dear?.bound).toBe(true);
    expect(dear?.overBudget).toBe(false);
    expect(dear?.samples).toBeGreaterThanOrEqual(3);
    expect(dear?.samples).toBeLessThan(20);
    // cheap: 20 samples + 4 re-warm batches; dear: its samples, no re-warm.
    expect(24 * 1 * ms + (dear?.samples ?? 0) * 10 * ms).toBeLessThanOrEqual(budgetNs);
  });

  it("respects the floor even when the budget would allow fewer", () => {
    const plans = planSamples([{ key: "x", nsPerSample: 10 * ms }], { ...limits, budgetNs: 35 * ms });
    expect(plans.get("x")).toMatchObject({ samples: 3, bound: true, overBudget: false });
  });

  it("gives one timed call to an operation whose floor does not fit, and marks it", () => {
    const plans = planSamples(
      [
        { key: "small", nsPerSample: 1 * ms },
        { key: "huge", nsPerSample: 500 * ms },
      ],
      { ...limits, budgetNs: 100 * ms },
    );
    expect(plans.get("huge")).toEqual({ samples: 1, bound: true, overBudget: true, rewarm: false });
    expect(plans.get("small")?.overBudget).toBe(false);
    expect(plans.get("small")?.samples).toBeGreaterThanOrEqual(3);
  });
});

describe("samplesInRound", () => {
  it("spreads samples over rounds, earlier rounds first, adding up to the plan", () => {
    expect([0, 1, 2, 3].map((r) => samplesInRound(20, 4, r))).toEqual([5, 5, 5, 5]);
    expect([0, 1, 2, 3].map((r) => samplesInRound(3, 4, r))).toEqual([1, 1, 1, 0]);
    expect([0, 1, 2, 3].map((r) => samplesInRound(6, 4, r))).toEqual([2, 2, 1, 1]);
  });
});
