import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heavierJson, startGate } from "./instruction-gate.ts";

/**
 * `wirebench ci --gate instructions` against the REST API and a real worker counting under
 * callgrind. The deliberate slowdown is a test-only adapter registered in json's place in the
 * worker (fixtures/heavier-json.ts): every JSON call plus the same small JSON call on the message's
 * first values, about 3 % more work in every call. The data and the request do not change. Ten
 * unchanged gates in a row: apps/web/bench/gate-ten-in-a-row.ts.
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
    // What failed it: json's counts rose by 2-4 % (the fixture adds the same work to every call: encode
    // +3.35-3.37 %, decode +3.33-3.41 %), and msgpackr did not move. A delta is judged only when both
    // runs' processes agreed, and a judged one must be in range. Both of json's operations cannot be
    // required to be judged: the counting processes themselves sometimes land in another mode (one of two
    // processes counting JSON decode 0.10-0.15 % higher, unchanged JSON as well as this fixture, or this
    // fixture's encode 8.5 % higher), in 5 of 28 gate runs here (docs/instructions.md). The old fixture's
    // 3 repeats in 100 calls added noise of its own (one more or less a segment).
    const byOp = (key: string) => new Map(heavier.deltas.filter((d) => d.key === key).map((d) => [d.op, d]));
    const json = byOp("json");
    expect([...json.keys()].sort()).toEqual(["decode", "encode"]);
    const judged = [...json.values()].filter((d) => !d.noisy);
    expect(judged.length).toBeGreaterThan(0);
    for (const d of judged) {
      expect(d.deltaPct, `json ${d.op}`).toBeGreaterThan(2);
      expect(d.deltaPct, `json ${d.op}`).toBeLessThan(4);
    }
    const msgpackr = byOp("msgpackr");
    expect([...msgpackr.keys()].sort()).toEqual(["decode", "encode"]);
    for (const d of msgpackr.values()) expect(Math.abs(d.deltaPct), `msgpackr ${d.op}`).toBeLessThan(1);
  }, 1_800_000);
});
