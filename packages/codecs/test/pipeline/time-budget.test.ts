import { describe, expect, it } from "vitest";
import { type FormatResult, resultSchema, runComparison } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";
import { fixtureEntry } from "../helpers/fixture-entry.ts";

const entries = [
  fixtureEntry("paced-adapters.js", "fast", "fastAdapter"),
  fixtureEntry("paced-adapters.js", "costly", "costlyAdapter"),
  fixtureEntry("paced-adapters.js", "huge", "hugeAdapter"),
];

describe("the time budget", () => {
  it("cuts samples of costly operations, keeps the floor, and gives a call over the budget one sample", async () => {
    const saved: { id: string; final: boolean; encode: FormatResult["encode"] }[] = [];
    const r = await runComparison(everyTypeDataset, {
      entries,
      quick: true,
      // One child, so the whole budget is one share; 20 desired samples per operation.
      // stopCiWidth 0: the budget alone decides how many samples an operation gets. 800 ms: huge's
      // three floor samples (1.2 s) cannot fit and costly's 20 with four quarter re-warms (21 samples'
      // time, 0.84 s) cannot either, while fast's keep room on a loaded machine (at 600 ms a CI run
      // beside other work gave fast 18). At 900 ms costly fit once re-warms were quarter batches.
      settings: { budgetMs: 800, minSamples: 3, rounds: 4, samplesPerRound: 5, shards: 1, stopCiWidth: 0 },
      onFormatResult: (e, { final }) => {
        saved.push({ id: e.id as string, final, encode: e.encode });
      },
    });
    expect(() => resultSchema.parse(r)).not.toThrow();
    const f = (id: string) => r.formats.find((x) => x.id === id) as FormatResult;
    expect(f("fast").encode?.samples).toBe(20);
    expect(f("fast").encode?.budgetBound).toBeUndefined();
    const costly = f("costly").encode;
    expect(costly?.budgetBound).toBe(true);
    expect(costly?.overBudget).toBeUndefined();
    expect(costly?.samples).toBeGreaterThanOrEqual(3);
    expect(costly?.samples).toBeLessThan(20);
    const huge = f("huge").encode;
    expect(huge).toMatchObject({ samples: 1, budgetBound: true, overBudget: true, ciLevel: 0 });
    // Sizes come first for every format: an entry without timings, then the one with them.
    for (const id of ["fast", "costly", "huge"]) {
      const mine = saved.filter((s) => s.id === id);
      expect(mine.map((s) => s.final)).toEqual([false, true]);
      expect(mine[0]?.encode).toBeNull();
      expect(mine[1]?.encode?.samples).toBeGreaterThan(0);
    }
  });

  it("changes nothing when the budget does not bind", async () => {
    const r = await runComparison(everyTypeDataset, {
      entries: entries.slice(0, 1),
      quick: true,
      settings: { budgetMs: 60_000, rounds: 2, samplesPerRound: 5, stopCiWidth: 0 },
    });
    const t = r.formats[0]?.encode;
    expect(t?.samples).toBe(10);
    expect(t?.budgetBound).toBeUndefined();
    expect(t?.ciLevel).toBeUndefined();
  });

  it("reports each child's formats as final when that child completes, sizes before timings", async () => {
    const order: string[] = [];
    await runComparison(everyTypeDataset, {
      formats: ["json", "msgpackr", "cbor", "v8"],
      quick: true,
      // Timing alone, as a full run does (quick runs time side by side: turns.test.ts).
      settings: { shards: 2, shardMinBytes: 0, rounds: 2, samplesPerRound: 2, timeAlone: true },
      onFormatResult: (e, { final }) => {
        order.push(`${final ? "timings" : "sizes"}:${e.id}`);
      },
    });
    const finals = order.filter((o) => o.startsWith("timings:"));
    expect(finals).toHaveLength(4);
    for (const id of ["json", "msgpackr", "cbor", "v8"])
      expect(order.indexOf(`sizes:${id}`)).toBeLessThan(order.indexOf(`timings:${id}`));
    // Two children: the sizes of the second child's formats are known before the first child's
    // formats' timings (preparation runs side by side, timing only after both are ready).
    const lastSizes = Math.max(...order.flatMap((o, i) => (o.startsWith("sizes:") ? [i] : [])));
    expect(lastSizes).toBeLessThan(order.indexOf(finals[0] as string));
  });
});
