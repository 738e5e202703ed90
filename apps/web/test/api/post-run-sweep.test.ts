import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postRun } from "../../src/server/http/runs-api.ts";
import { getRun } from "../../src/server/services/get-run.ts";
import { createTestServices, post, type TestServices } from "./test-services.ts";

let s: TestServices;
beforeAll(async () => {
  s = await createTestServices("post-run-sweep", {
    WIREBENCH_RATE_LIMIT_CREATE: "1000",
    WIREBENCH_SWEEP_MAX_SIZE: "5000",
    WIREBENCH_SWEEP_MAX_POINTS: "3",
  });
});
afterAll(async () => s?.close());

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const body = (sweep: unknown) => JSON.stringify({ sample: { values: [1.5] }, options: { sweep } });

describe("POST /api/v1/runs with options.sweep", () => {
  it("stores the sweep with the run's options, and the run view has no sweep until the worker writes one", async () => {
    const res = await postRun(s, post(body({ sizes: [10, 1000], path: "values" })));
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const run = await s.prisma.run.findUniqueOrThrow({ where: { id } });
    expect(run.options).toMatchObject({ sweep: { sizes: [10, 1000], path: "values" } });
    expect((await getRun(s, id)).sweep).toBeNull();
  });

  it("refuses sizes past the settings, and malformed sweeps, with 400 and no run", async () => {
    const before = await s.prisma.run.count();
    const tooBig = await postRun(s, post(body({ sizes: [10, 6000] })));
    expect(tooBig.status).toBe(400);
    expect(await errorOf(tooBig)).toBe(
      "options.sweep.sizes: 6000 exceeds the sweep's maximum size of 5000 elements",
    );
    const tooMany = await postRun(s, post(body({ sizes: [1, 2, 3, 4] })));
    expect(await errorOf(tooMany)).toBe(
      "options.sweep.sizes: 4 sizes exceed the sweep's maximum of 3 points",
    );
    for (const bad of [
      { sizes: [] },
      { sizes: [0] },
      { sizes: [1.5] },
      { path: "values" },
      { sizes: [10], extra: 1 },
    ]) {
      expect((await postRun(s, post(body(bad)))).status).toBe(400);
    }
    expect(await s.prisma.run.count()).toBe(before);
  });
});
