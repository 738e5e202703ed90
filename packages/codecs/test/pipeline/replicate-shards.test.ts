import { describe, expect, it, vi } from "vitest";

// The real fork, watched: which measurement children a run starts.
const forks = vi.hoisted(() => [] as { execArgv: string[] }[]);
vi.mock("node:child_process", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:child_process")>();
  const fork = (...args: Parameters<typeof original.fork>) => {
    const options = args.find((a) => typeof a === "object" && a !== null && !Array.isArray(a)) as
      | { execArgv?: string[] }
      | undefined;
    forks.push({ execArgv: options?.execArgv ?? [] });
    return original.fork(...args);
  };
  return { ...original, default: { ...original, fork }, fork };
});

const { runComparison } = await import("../../src/index.ts");
const { everyTypeDataset } = await import("../helpers/every-type.ts");

describe("replicates", () => {
  it("are each split into `shards` children, so a later replicate does not prepare and warm up on one core", async () => {
    const formats = ["json", "msgpackr", "cbor", "v8"];
    const r = await runComparison(everyTypeDataset, {
      formats,
      quick: true,
      settings: { processes: 2, shards: 2, shardMinBytes: 0, rounds: 1, samplesPerRound: 2 },
    });
    expect(r.formats.map((f) => f.ok)).toEqual(formats.map(() => true));
    // Measurement children run with --expose-gc (allocation counts); two replicates of two children.
    expect(forks.filter((f) => f.execArgv.includes("--expose-gc"))).toHaveLength(4);
    // Every format was timed in both replicates: its samples come from two processes.
    for (const f of r.formats) expect(f.encode?.samples).toBeGreaterThanOrEqual(2 * 2);
  });
});
