import { checkContract, runEnvironmentSchema, runViewSchema } from "@wirebench/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRunId } from "../../src/server/services/ids.ts";
import { startRestServer } from "./rest-server.ts";
import { createTestServices, type TestServices } from "./test-services.ts";

/**
 * The worker keeps how instruction counts were taken in the run's environment (run-pipeline.ts,
 * checked with the environment's contract by completeRun); GET /api/v1/runs/{id} must show it as the
 * Result's top-level `instructions`, as `wirebench compare --json` writes it.
 */
let s: TestServices;
let server: Awaited<ReturnType<typeof startRestServer>>;
beforeAll(async () => {
  s = await createTestServices("runinstr");
  server = await startRestServer(s);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await s?.close();
});

const environment = {
  node: process.version,
  v8: process.versions.v8,
  platform: "linux",
  arch: "x64",
  cpuModel: "test",
  cpuCount: 2,
  totalMemoryMb: 1024,
  gitCommit: null,
  libraries: {},
  settings: {},
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
};

async function storedRun(instructions: unknown) {
  const id = newRunId();
  // As completeRun stores it: the environment read through its contract first.
  const env = checkContract(runEnvironmentSchema, { ...environment, instructions }, "the environment");
  await s.prisma.run.create({
    data: { id, inputKind: "json", status: "completed", environment: JSON.parse(JSON.stringify(env)) },
  });
  const res = await fetch(`${server.url}/api/v1/runs/${id}`);
  expect(res.status).toBe(200);
  return runViewSchema.parse(await res.json());
}

describe("GET /api/v1/runs/{id}: how instruction counts were taken", () => {
  it("lifts the counts' method, processes and pace from the stored environment", async () => {
    const instructions = {
      available: true,
      method: "callgrind; cheapest of 4 segments",
      valgrindVersion: "3.19.0",
      processes: 2,
      noisySpread: 0.001,
      nsPerInstruction: 0.25,
      durationMs: 61_000,
    };
    const run = await storedRun(instructions);
    expect(run.instructions).toEqual(instructions);
    expect(run.environment?.instructions).toEqual(instructions);
  });

  it("shows why counts are missing when valgrind was unavailable, and nothing for a run that did not count", async () => {
    const reason = "valgrind is not available (/nope: not found)";
    const run = await storedRun({ available: false, reason, method: "callgrind" });
    expect(run.instructions).toEqual({ available: false, reason, method: "callgrind" });
    expect((await storedRun(undefined)).instructions).toBeUndefined();
  });
});
