import { describe, expect, it } from "vitest";
import { warmUpAndCalibrate } from "../../src/harness/calibrate.ts";
import { defaultSettings } from "../../src/harness/settings.ts";
import type { TimedLoop } from "../../src/harness/timed-batch.ts";

/** A loop that reports `perCall(batch index)` ns per call, so a test scripts what warm-up sees. */
function scripted(perCall: (batch: number) => number): { loop: TimedLoop; batches: () => number } {
  let batch = 0;
  return {
    loop: (_fn, _args, n) => perCall(batch++) * n,
    batches: () => batch,
  };
}

// No time floors, so the script alone decides; the bound is far away.
const settings = {
  ...defaultSettings,
  targetSampleMs: 0.001,
  warmupMinMs: 0,
  warmupMinIterations: 0,
  warmupMaxMs: 10_000,
};
const fn = () => 0;

describe("warmUpAndCalibrate", () => {
  it("settles when three batches agree", () => {
    const s = scripted(() => 1000);
    const r = warmUpAndCalibrate(fn, [0], settings, s.loop);
    expect(r.stable).toBe(true);
    expect(r.nsPerOp).toBe(1000);
  });

  it("settles on a plateau of the best time although no three batches agree (a busy machine)", () => {
    // Every third batch carries another process's slice: 1000, 1000, 1600, … never three alike in a row.
    const s = scripted((b) => (b % 3 === 2 ? 1600 : b % 3 === 1 ? 1300 : 1000));
    const r = warmUpAndCalibrate(fn, [0], settings, s.loop);
    expect(r.stable).toBe(true);
    expect(r.nsPerOp).toBe(1000);
    expect(s.batches()).toBeLessThan(20);
  });

  it("does not settle while the best time keeps falling (the JIT tiering up), however noisy", () => {
    // 3 % faster every batch, with noise on every other batch: after 40 batches the code is still speeding up.
    const falling = (b: number) => 10_000 * 0.97 ** Math.min(b, 40) * (b % 2 ? 1.3 : 1);
    const s = scripted(falling);
    const r = warmUpAndCalibrate(fn, [0], settings, s.loop);
    expect(s.batches()).toBeGreaterThan(40);
    expect(r.stable).toBe(true);
  });

  it("waits out a plateau shorter than a third of the warm-up so far (V8 optimising a large function late)", () => {
    // Interpreted for 10 calls (warmupMinIterations outlasts them), a plateau of 10 batches at the
    // first tier, then the optimised code.
    const jit = (b: number) => (b < 10 ? 10_000 : b < 20 ? 4_000 : 1_500);
    const tiers = { ...settings, warmupMinIterations: 11 };
    const patient = scripted(jit);
    const r = warmUpAndCalibrate(fn, [0], tiers, patient.loop);
    expect(r).toMatchObject({ stable: true, nsPerOp: 1_500 });
    // The same script with the rule off settles on the first plateau, timing code V8 is about to replace.
    const hasty = scripted(jit);
    const early = warmUpAndCalibrate(fn, [0], { ...tiers, warmupQuietFraction: 0 }, hasty.loop);
    expect(early).toMatchObject({ stable: true, nsPerOp: 4_000 });
    expect(hasty.batches()).toBeLessThan(20);
  });

  it("waits while V8 still optimises or deoptimises, though the time per call holds", () => {
    // A steady 1,000 ns from the first batch, while the code log shows a new event each batch until the 30th.
    const steady = scripted(() => 1000);
    const events = () => Math.min(steady.batches(), 30);
    const r = warmUpAndCalibrate(fn, [0], settings, steady.loop, undefined, events);
    expect(r).toMatchObject({ stable: true, nsPerOp: 1000 });
    // Quiet for a third of the warm-up after the last event: batch 45 at the earliest.
    expect(steady.batches()).toBeGreaterThanOrEqual(45);
    const blind = scripted(() => 1000);
    warmUpAndCalibrate(fn, [0], settings, blind.loop);
    expect(blind.batches()).toBeLessThan(10);
  });

  it("with a tolerance of 0 a noisy plateau never counts as settled", () => {
    const s = scripted((b) => (b % 3 === 2 ? 1600 : b % 3 === 1 ? 1300 : 1000));
    const r = warmUpAndCalibrate(fn, [0], { ...settings, warmupTolerance: 0, warmupMaxMs: 1 }, s.loop);
    expect(r.stable).toBe(false);
  });
});
