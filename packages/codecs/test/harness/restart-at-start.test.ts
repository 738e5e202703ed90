import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { jitEventFlags } from "../../src/harness/jit-events.ts";
import type { ChildMessage } from "../../src/harness/protocol.ts";
import { runChild } from "../../src/harness/run-child.ts";
import { defaultLimits } from "../../src/harness/settings.ts";
import { oneFormatJob } from "../helpers/one-format-job.ts";
import { childCommandLines, withForked } from "../helpers/processes.ts";

/** One child measuring the slow test codec for two short rounds, and the pid it was forked as. */
function start(onMessage: (m: ChildMessage) => void = () => {}, quietFraction = 0) {
  const job = oneFormatJob({
    workDir: scratchDir("wirebench-restart-"),
    adapter: { module: new URL("./slow-adapter.js", import.meta.url).href, exportName: "slowAdapter" },
    message: 1,
    rounds: 2,
  });
  job.settings.warmupQuietFraction = quietFraction;
  const { started, forked } = withForked(() => runChild(job, defaultLimits, onMessage));
  return { outcome: started, forked };
}

describe("a measurement child killed by someone else's signal", () => {
  it("is started once more when it had not said a word (a group SIGTERM caught it forking)", async () => {
    const { outcome, forked } = start();
    expect(forked).toHaveLength(1);
    process.kill(forked[0] as number, "SIGTERM");
    const o = await outcome;
    expect(o.error).toBeUndefined();
    expect(o.completed).toBe(true);
  }, 60_000);

  it("is not started again once it has begun its work: the format it was on is named", async () => {
    let pid: number | undefined;
    const { outcome, forked } = start((m) => {
      if (m.type === "step" && m.step === "warmup" && pid !== undefined) {
        process.kill(pid, "SIGTERM");
        pid = undefined;
      }
    });
    pid = forked[0];
    const o = await outcome;
    expect(o.completed).toBe(false);
    expect(o.culprit).toMatchObject({ id: "slow", step: "warmup" });
    expect(o.culprit?.error).toContain("SIGTERM");
  }, 60_000);

  it("after V8 stopped it at start (SIGTRAP, its perf map's path taken), runs again without the map", async () => {
    const { completed, restarted } = await restartedAfter("SIGTRAP");
    expect(completed).toBe(true);
    expect(restarted).toHaveLength(1);
    expect(restarted[0]).not.toContain(jitEventFlags[0]);
  }, 60_000);

  it("after someone else's SIGTERM at start, runs again with the map", async () => {
    const { completed, restarted } = await restartedAfter("SIGTERM");
    expect(completed).toBe(true);
    expect(restarted).toHaveLength(1);
    expect(restarted[0]).toContain(jitEventFlags[0]);
  }, 60_000);
});

/**
 * A full-rule child (it gets V8's perf map) killed by `signal` as it forks: whether the run then
 * completed, and the command lines of the measurement children alive when the restarted one spoke.
 */
async function restartedAfter(signal: NodeJS.Signals) {
  let seen: string[][] | undefined;
  const { outcome, forked } = start(() => {
    seen ??= childCommandLines();
  }, 1 / 3);
  process.kill(forked[0] as number, signal);
  const { completed } = await outcome;
  return { completed, restarted: seen?.filter((argv) => argv.includes("--expose-gc")) ?? [] };
}
