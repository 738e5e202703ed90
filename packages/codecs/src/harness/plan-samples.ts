/**
 * Shares a time budget for timed samples among operations by what one sample of each costs.
 *
 * Sizes are exact and cheap; timings are statistical and cost whatever the codec costs per call, so a
 * 2 MB document whose YAML decode takes 3 s cannot get the samples a 10 KB one gets. When every
 * operation's desired samples (plus an untimed re-warm batch per round, see REWARM_FRACTION) fit the budget, nothing
 * changes. Otherwise the budget is water-filled: every operation may spend up to the same time
 * allowance, so cheap operations keep all their samples and expensive ones get fewer, never below
 * the floor. When even the floors do not fit, the most expensive operations get a single timed
 * call each (`overBudget`, outside the budget: the run overruns by those calls) until the others'
 * floors fit. Operations with fewer samples than desired are
 * `bound`, and skip the re-warm batch: for a call that long, the batch would only spend budget.
 */
/**
 * The re-warm batch run before each round's samples, as a fraction of one sample's calls (at least one
 * call). It refills the caches and branch predictors the other formats' rounds used; the code is
 * already JIT-settled, so a quarter of a sample does that as well as a whole one, and whole batches
 * were 0.5 s of a 10 KB full run's 1.7 s of timed rounds.
 */
export const REWARM_FRACTION = 0.25;

export interface OpCost {
  key: string;
  /** Nanoseconds one timed sample (a batch of calls) takes. */
  nsPerSample: number;
}

export interface OpPlan {
  samples: number;
  /** Fewer samples than the settings ask for, because of the budget. */
  bound: boolean;
  /** Even the floor did not fit: a single timed call. */
  overBudget: boolean;
  /** Run one untimed batch before each round's samples (only when not bound). */
  rewarm: boolean;
}

export interface PlanLimits {
  budgetNs: number;
  /** Samples the settings ask for: rounds × samplesPerRound. */
  desired: number;
  /** Fewest samples an operation that fits gets. */
  floor: number;
  rounds: number;
}

export function planSamples(costs: OpCost[], limits: PlanLimits): Map<string, OpPlan> {
  const { budgetNs, desired, rounds } = limits;
  const floor = Math.max(1, Math.min(limits.floor, desired));
  const plans = new Map<string, OpPlan>();
  const unbound = (): OpPlan => ({ samples: desired, bound: false, overBudget: false, rewarm: true });
  const rewarms = rounds * REWARM_FRACTION;
  const full = costs.reduce((sum, c) => sum + c.nsPerSample * (desired + rewarms), 0);
  if (full <= budgetNs) {
    for (const c of costs) plans.set(c.key, unbound());
    return plans;
  }
  // Most expensive first, so the greedy demotion below takes the operations that hurt the most.
  let active = [...costs].sort((a, b) => b.nsPerSample - a.nsPerSample);
  const samplesAt = (c: OpCost, t: number) =>
    Math.min(desired, Math.max(floor, Math.floor(t / c.nsPerSample)));
  const costAt = (t: number) =>
    active.reduce((sum, c) => {
      const n = samplesAt(c, t);
      return sum + c.nsPerSample * (n + (n === desired ? rewarms : 0));
    }, 0);
  // A demoted call's time overruns the budget rather than starving the operations that fit.
  while (active.length > 0 && costAt(0) > budgetNs) {
    const top = active[0] as OpCost;
    plans.set(top.key, { samples: 1, bound: true, overBudget: true, rewarm: false });
    active = active.slice(1);
  }
  // The largest allowance whose total still fits; costAt grows with t, so bisect.
  let lo = 0;
  let hi = Math.max(0, ...active.map((c) => c.nsPerSample * (desired + rewarms)));
  for (let i = 0; i < 60 && hi - lo > 1; i++) {
    const mid = (lo + hi) / 2;
    if (costAt(mid) <= budgetNs) lo = mid;
    else hi = mid;
  }
  for (const c of active) {
    const n = samplesAt(c, lo);
    plans.set(
      c.key,
      n === desired ? unbound() : { samples: n, bound: true, overBudget: false, rewarm: false },
    );
  }
  return plans;
}

/** Spreads an operation's samples over the rounds as evenly as possible, earlier rounds first. */
export function samplesInRound(samples: number, rounds: number, round: number): number {
  const base = Math.floor(samples / rounds);
  return base + (round < samples % rounds ? 1 : 0);
}
