import { comparisonSchema } from "@wirebench/contracts";
import { formatResultOf } from "@wirebench/contracts/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getComparison, patchProject } from "../../src/server/http/projects-api.ts";
import { createProject } from "../../src/server/services/create-project.ts";
import { newId, newRunId } from "../../src/server/services/ids.ts";
import { createTestServices, type TestServices } from "./test-services.ts";

/**
 * A project's stored instruction limit (PATCH /api/v1/project `maxInstructionRegressionPct`) is what
 * `wirebench ci --gate instructions` is judged by when it passes no `--max-instruction-regression`;
 * without one a run that counted is judged at 1 %, and the query still overrides both.
 */
let s: TestServices;
let project: Awaited<ReturnType<typeof createProject>>;
beforeAll(async () => {
  s = await createTestServices("instrlimit", { WIREBENCH_RATE_LIMIT_CREATE: "1000" });
  project = await createProject(s, "Limits");
}, 60_000);
afterAll(async () => s?.close());

const request = (path: string, init: RequestInit = {}) =>
  new Request(`http://wirebench.test${path}`, {
    ...init,
    headers: { "content-type": "application/json", authorization: `Bearer ${project.token}` },
  });
const patch = async (thresholds: Record<string, unknown>) =>
  (
    await patchProject(
      s,
      request("/api/v1/project", { method: "PATCH", body: JSON.stringify({ thresholds }) }),
    )
  ).json();

const count = (perOp: number) => ({ perOp, runs: [perOp, perOp], spread: 0, noisy: false, settled: true });
const environment = {
  ...{ node: process.version, v8: "", platform: "linux", arch: "x64", cpuModel: "", cpuCount: 2 },
  ...{ totalMemoryMb: 1, gitCommit: null, libraries: {}, settings: {}, startedAt: "", durationMs: 1 },
  instructions: { available: true, method: "callgrind", processes: 2, noisySpread: 0.001 },
};
/** A completed run as the worker stores it: json with an encode count of `encode` instructions per call. */
async function countedRun(branch: string, encode: number) {
  const id = newRunId();
  const json = { id: "json", format: "json", variant: "", ok: true, bytes: 100, encode: null, decode: null };
  const entry = {
    ...json,
    compressed: { gzip: 90, brotli: 80, zstd: 85 },
    instructions: { encode: count(encode) },
  };
  await s.prisma.run.create({
    data: {
      ...{ id, projectId: project.id, inputKind: "json", status: "completed", branch, environment },
      results: {
        create: [
          {
            id: newId(),
            formatId: "json",
            format: "json",
            variant: "",
            ok: true,
            detail: formatResultOf(entry),
          },
        ],
      },
    },
  });
  return id;
}
async function compare(run: string, query = "") {
  const res = await getComparison(s, request(`/api/v1/runs/${run}/comparison?baseline=main${query}`), run);
  expect(res.status).toBe(200);
  return comparisonSchema.parse(await res.json());
}

describe("the project's instruction limit", () => {
  it("is set, shown and cleared with PATCH /api/v1/project", async () => {
    expect((await patch({ maxInstructionRegressionPct: 5 })).thresholds).toEqual({
      maxInstructionRegressionPct: 5,
    });
    const row = await s.prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(row.thresholds).toEqual({ maxInstructionRegressionPct: 5 });
    expect((await patch({ maxInstructionRegressionPct: null })).thresholds).toEqual({});
    const bad = await patchProject(
      s,
      request("/api/v1/project", {
        method: "PATCH",
        body: '{"thresholds": {"maxInstructionRegressionPct": -2}}',
      }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(
      /^Invalid request: thresholds\.maxInstructionRegressionPct: /,
    );
  });

  it("judges a 3 % rise: failed at the default 1 %, passed at a stored 5 %, the query overriding both", async () => {
    await countedRun("main", 100_000);
    const heavier = await countedRun("feature", 103_000);
    const byDefault = await compare(heavier);
    expect(byDefault.thresholds.maxInstructionRegressionPct).toBe(1);
    expect(byDefault.checks.find((c) => c.name === "instructions")).toMatchObject({
      failing: ["json"],
      pass: false,
    });
    expect(byDefault.pass).toBe(false);

    await patch({ maxInstructionRegressionPct: 5 });
    const stored = await compare(heavier);
    expect(stored.thresholds.maxInstructionRegressionPct).toBe(5);
    expect(stored.checks.find((c) => c.name === "instructions")).toMatchObject({ limitPct: 5, pass: true });
    expect(stored.pass).toBe(true);

    const query = await compare(heavier, "&maxInstructionRegression=2");
    expect(query.checks.find((c) => c.name === "instructions")).toMatchObject({ limitPct: 2, pass: false });
  });
});
