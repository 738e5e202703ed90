import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heavierJson, startGate } from "./instruction-gate.ts";

/**
 * `wirebench ci --gate instructions` against the REST API and a real worker counting under
 * callgrind. The deliberate slowdown is a test-only adapter registered in json's place in the
 * worker (fixtures/heavier-json.ts): the same JSON calls plus 3 in every 100 done twice. The data
 * and the request do not change. Ten unchanged gates in a row: apps/web/bench/gate-ten-in-a-row.ts.
 */
let gate: Awaited<ReturnType<typeof startGate>>;
beforeAll(async () => {
  gate = await startGate("cigate");
}, 120_000);
afterAll(async () => gate?.stop());

describe("wirebench ci --gate instructions", () => {
  it("passes the unchanged code and fails on a JSON adapter doing 3 % more work", async () => {
    const base = await gate.ci("--branch", "main");
    expect(base.code, base.stderr).toBe(0);
    const same = await gate.ci("--branch", "feature", "--baseline", "main");
    expect(same.code, same.stdout + same.stderr).toBe(0);
    expect(same.stdout).toMatch(/\| json \| encode \| [\d,]+ \| [\d,]+ \| [-+]?0\.0\d%/);
    expect(same.stdout).toContain("✅ rise of instructions per call at most 1%");

    await gate.useWorker({ imports: [heavierJson] });
    const heavier = await gate.ci("--branch", "feature", "--baseline", "main");
    expect(heavier.code, heavier.stdout + heavier.stderr).toBe(1);
    expect(heavier.stdout).toContain("❌ rise of instructions per call at most 1%: json");
    // What failed it: json's counts rose by 2-4 % while its processes agreed; msgpackr did not move.
    // An operation can come out noisy here: the fixture repeats 3 calls in 100 on a counter, and
    // processes that warmed up for different numbers of calls start a segment at another point of
    // that cycle (one repeat more or less in ~125 calls). A noisy delta is shown, never judged; at
    // least one of json's operations is judged, and every judged one rose by about 3 %.
    const json = heavier.deltas.filter((d) => d.key === "json" && !d.noisy);
    expect(json.length).toBeGreaterThan(0);
    for (const d of json) expect(d.deltaPct, `json ${d.op}`).toBeGreaterThan(2);
    for (const d of json) expect(d.deltaPct, `json ${d.op}`).toBeLessThan(4);
    const msgpackr = heavier.deltas.filter((d) => d.key === "msgpackr" && !d.noisy);
    for (const d of msgpackr) expect(Math.abs(d.deltaPct), `msgpackr ${d.op}`).toBeLessThan(1);
  }, 1_800_000);
});
