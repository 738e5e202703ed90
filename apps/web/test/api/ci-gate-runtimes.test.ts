import { spawnSync } from "node:child_process";
import { checkValgrind, defaultInstructionSettings } from "@wirebench/codecs/runtime-bridge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGate } from "./instruction-gate.ts";

/**
 * `wirebench ci --gate instructions --runtimes node,rust`: the worker counts Rust's entries under
 * callgrind beside Node's, and the comparison judges each against the baseline's entry of the same
 * runtime (prost@rust against prost@rust), so a gate covers every runtime a team ships.
 */
// The Rust child is built by `npm run setup` wherever cargo is (the worker lists it unavailable otherwise).
const ready =
  checkValgrind(defaultInstructionSettings.valgrindPath).available &&
  spawnSync("cargo", ["--version"]).status === 0;
let gate: Awaited<ReturnType<typeof startGate>>;
describe.skipIf(!ready)("wirebench ci --gate instructions --runtimes", () => {
  beforeAll(async () => {
    gate = await startGate("cigatert", "protobuf");
  }, 120_000);
  afterAll(async () => gate?.stop());

  it("counts Rust's entries too and passes the unchanged code, with a row per runtime", async () => {
    const base = await gate.ci("--branch", "main", "--runtimes", "node,rust");
    expect(base.code, base.stderr).toBe(0);
    const same = await gate.ci("--branch", "feature", "--baseline", "main", "--runtimes", "node,rust");
    expect(same.code, same.stdout + same.stderr).toBe(0);
    for (const key of ["protobuf", "prost@rust"]) {
      const deltas = same.deltas.filter((d) => d.key === key);
      expect(deltas.map((d) => d.op).sort(), key).toEqual(["decode", "encode"]);
      for (const d of deltas) expect(Math.abs(d.deltaPct), `${key} ${d.op}`).toBeLessThan(0.1);
    }
    expect(same.stdout).toMatch(/\| prost@rust \| encode \| [\d,]+ \| [\d,]+ \| [-+]?0\.0\d%/);
  }, 1_800_000);
});
