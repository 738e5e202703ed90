import { expect, it } from "vitest";
import { runComparison } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

const run = (stopCiWidth: number) =>
  runComparison(everyTypeDataset, {
    formats: ["json"],
    quick: true,
    settings: { rounds: 4, samplesPerRound: 5, stopCiWidth },
  });

it("an operation stops sampling at six samples once its interval is narrow enough, and says how many it took", {
  timeout: 120_000,
}, async () => {
  // Any interval is narrower than a billion medians: both operations stop as soon as six samples allow one.
  const loose = (await run(1e9)).formats[0]!;
  expect(loose.ok, loose.error).toBe(true);
  expect(loose.encode?.samples).toBe(6);
  expect(loose.decode?.samples).toBe(6);
  // The interval is the one of the samples taken: six samples give [min, max] at the 95 % level.
  expect(loose.encode?.ciLevel).toBeUndefined();
  // Without the early stop every round's samples are taken.
  const all = (await run(0)).formats[0]!;
  expect(all.encode?.samples).toBe(20);
  expect(all.decode?.samples).toBe(20);
});
