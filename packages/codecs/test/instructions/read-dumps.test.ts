import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { poolFormat, poolOp } from "../../src/instructions/measure-instructions.ts";
import { perOpFromSegments, readDumpTotal } from "../../src/instructions/read-dumps.ts";
import { processesFromEnv, segmentIterations } from "../../src/instructions/settings.ts";

describe("reading callgrind dumps", () => {
  it("reads the summary line of a dump's header", () => {
    const file = join(scratchDir("dump-"), "callgrind.out.3");
    writeFileSync(
      file,
      "# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\npart: 3\nevents: Ir\nsummary: 237741017\n\nfn=(1) main\n",
    );
    expect(readDumpTotal(file)).toBe(237741017);
    writeFileSync(file, "events: Ir\n");
    expect(() => readDumpTotal(file)).toThrow(/no summary line/);
  });

  it("keeps the cheapest segment of each operation, and whether its warm-up settled", () => {
    // Segments of 100 calls: a compilation or a sweep only ever adds instructions to a segment.
    const totals = [900, 250_000, 4_000, 100_000, 7, 100_400, 3, 50_000, 9, 20_000, 8, 90_000];
    const label = (id: string, op: "encode" | "decode") => ({
      id,
      op,
      iterations: 100,
      settled: op === "encode",
    });
    const perOp = perOpFromSegments(
      [
        null,
        label("a", "encode"),
        null,
        label("a", "encode"),
        null,
        label("a", "encode"),
        null,
        label("b", "decode"),
        null,
        label("b", "decode"),
        null,
        label("b", "decode"),
      ],
      (part) => totals[part - 1] as number,
    );
    expect(perOp.get("a")).toEqual({ encode: { perOp: 1000, settled: true } });
    expect(perOp.get("b")).toEqual({ decode: { perOp: 200, settled: false } });
  });

  it("pools processes: the cheapest, spread, and noisy unless a second process confirms the cheapest", () => {
    const quiet = poolOp([1_000_500, 1_000_000], true, 0.001);
    expect(quiet).toMatchObject({
      perOp: 1_000_000,
      runs: [1_000_500, 1_000_000],
      spread: 0.0005,
      noisy: false,
    });
    const apart = poolOp([1_002_000, 1_000_000], true, 0.001);
    expect(apart).toMatchObject({ perOp: 1_000_000, noisy: true });
    expect(apart.spread).toBeCloseTo(0.002, 6);
    // A third process in the cheapest mode confirms it; the dearer one still shows in the spread.
    const confirmed = poolOp([1_002_000, 1_000_000, 1_000_300], true, 0.001);
    expect(confirmed).toMatchObject({ perOp: 1_000_000, noisy: false });
    expect(confirmed.spread).toBeCloseTo(0.002, 6);
    expect(poolOp([1_003_000, 1_000_000, 1_002_000], true, 0.001).noisy).toBe(true);
    expect(poolOp([-5, 10], true, 0.001).noisy).toBe(true);
  });

  it("pools a format: a failure in any process wins, an operation missing from one is left out", () => {
    const counted = (encode: number, decode?: number) => ({
      perOp: new Map([
        [
          "a",
          {
            encode: { perOp: encode, settled: true },
            ...(decode ? { decode: { perOp: decode, settled: false } } : {}),
          },
        ],
      ]),
      failed: new Map<string, string>(),
    });
    const pooled = poolFormat("a", [counted(1000, 500), counted(1001)], 0.01);
    expect(pooled).toEqual({
      encode: expect.objectContaining({ perOp: 1000, runs: [1000, 1001], noisy: false }),
    });
    const failed = { perOp: new Map(), failed: new Map([["a", "a: decode threw"]]) };
    expect(poolFormat("a", [counted(1000), failed], 0.01)).toEqual({ error: "a: decode threw" });
    expect(
      poolFormat("a", [counted(1000), { perOp: new Map(), failed: new Map(), error: "valgrind died" }], 0.01),
    ).toEqual({
      error: "valgrind died",
    });
    expect(poolFormat("a", [], 0.01)).toEqual({ error: "not counted" });
  });

  it("sizes segments from the message size, within the named bounds", () => {
    const s = { segmentBytes: 100_000, minIterations: 20, maxIterations: 4000 };
    expect(segmentIterations(1000, s)).toBe(100);
    expect(segmentIterations(1_000_000, s)).toBe(20);
    expect(segmentIterations(1, s)).toBe(4000);
  });
});

describe("instruction settings", () => {
  it("reads WIREBENCH_INSTRUCTION_PROCESSES and refuses a value that cannot give a spread", () => {
    expect(processesFromEnv(undefined)).toBe(2);
    expect(processesFromEnv("5")).toBe(5);
    expect(() => processesFromEnv("1")).toThrow(/WIREBENCH_INSTRUCTION_PROCESSES .*"1"/);
    expect(() => processesFromEnv("two")).toThrow(/WIREBENCH_INSTRUCTION_PROCESSES/);
  });
});
