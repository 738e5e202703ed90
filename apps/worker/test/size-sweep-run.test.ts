import { type SweepOutcome, sweepOutcomeSchema } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunFixture, measureRunNow, type RunFixture } from "./helpers.ts";

let f: RunFixture;
beforeAll(async () => {
  f = await createRunFixture("size-sweep");
});
afterAll(async () => f?.close());

const proto = 'syntax = "proto3";\nmessage Doubles { repeated double values = 1; }\n';

async function runWith(sweep: { sizes: number[]; path?: string }) {
  return measureRunNow(f.prisma, {
    inputKind: "json",
    sampleText: JSON.stringify({ values: [1.5, 2.5] }),
    schemaText: proto,
    formats: ["protobuf", "json"],
    options: { quick: true, schemaKind: "proto", sweep },
  });
}

describe("a run with options.sweep", () => {
  it("stores the sweep's points beside the run's own results (grown in the bounded preparation child)", async () => {
    const run = await runWith({ sizes: [1000, 10] });
    expect(run.status, run.error ?? "").toBe("completed");
    expect(run.results.map((r) => r.formatId).sort()).toEqual(["json", "protobuf"]);
    const sweep = sweepOutcomeSchema.parse(run.sweep) as Extract<SweepOutcome, { points: unknown }>;
    expect(sweep.path).toBe("values");
    expect(sweep.sampleLength).toBe(2);
    expect(sweep.points.map((p) => p.size)).toEqual([10, 1000]);
    const pb = sweep.points.map((p) => p.formats.find((x) => x.id === "protobuf")?.bytes);
    expect(pb).toEqual([82, 8_003]);
    for (const p of sweep.points) expect(p.formats.map((x) => x.id).sort()).toEqual(["json", "protobuf"]);
  }, 300_000);

  it("a path that names no repeated field leaves the run completed and says why in its sweep", async () => {
    const run = await runWith({ sizes: [10], path: "nope" });
    expect(run.status, run.error ?? "").toBe("completed");
    expect(run.sweep).toEqual({
      error: expect.stringMatching(/--path nope is not a repeated field; choose from values/),
    });
  }, 300_000);
});
