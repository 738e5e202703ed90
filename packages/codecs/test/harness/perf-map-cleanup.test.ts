import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { perfMapPath } from "../../src/harness/jit-events.ts";
import { runChild } from "../../src/harness/run-child.ts";
import { defaultLimits } from "../../src/harness/settings.ts";
import { oneFormatJob } from "../helpers/one-format-job.ts";
import { withForked } from "../helpers/processes.ts";

/** A full-rule child (it gets V8's perf map) for one fixture adapter, and the pid it was forked as. */
function start(exportName: string, limits = defaultLimits) {
  const job = oneFormatJob({
    workDir: scratchDir("wirebench-perf-map-"),
    adapter: { module: new URL("../fixtures/misbehaving-adapters.js", import.meta.url).href, exportName },
    message: 1,
    rounds: 1,
  });
  job.settings.warmupQuietFraction = 1 / 3;
  const { started, forked } = withForked(() => runChild(job, limits, () => {}));
  return { outcome: started, pid: forked[0] as number };
}

// A child unlinks its map as it starts, and the parent removes the map of one that died sooner.
describe("V8's perf map of a measurement child", () => {
  it("is not left behind by a child that dies before warm-up (out of memory while preparing)", async () => {
    const { outcome, pid } = start("memoryHogAdapter", { ...defaultLimits, memoryMb: 64 });
    const o = await outcome;
    expect(o.culprit).toMatchObject({ id: "slow", step: "prepare" });
    expect(existsSync(perfMapPath(pid))).toBe(false);
  }, 60_000);

  it("is not written for a child that only verifies", async () => {
    const job = oneFormatJob({
      workDir: scratchDir("wirebench-perf-map-"),
      adapter: { module: new URL("./slow-adapter.js", import.meta.url).href, exportName: "slowAdapter" },
      message: 1,
      rounds: 1,
    });
    job.settings.warmupQuietFraction = 1 / 3;
    job.verifyOnly = true;
    let pid = 0;
    const seen: boolean[] = [];
    const { started, forked } = withForked(() =>
      runChild(job, defaultLimits, (m) => {
        if (m.type === "step") seen.push(existsSync(perfMapPath(pid)));
      }),
    );
    pid = forked[0] as number;
    expect((await started).completed).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).not.toContain(true);
  }, 60_000);
});
