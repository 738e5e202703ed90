import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import type { ChildMessage } from "../../src/harness/protocol.ts";
import { runChild } from "../../src/harness/run-child.ts";
import { defaultLimits, quickSettings } from "../../src/harness/settings.ts";

/** Processes whose parent is this one, from /proc (a forked child is one before it has exec'd). */
function myChildren(): Set<number> {
  const pids = new Set<number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid) pids.add(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** One child measuring the slow test codec for two short rounds. */
function start(onMessage: (m: ChildMessage) => void = () => {}) {
  const workDir = scratchDir("wirebench-restart-");
  const datasetPath = join(workDir, "dataset.v8");
  writeFileSync(
    datasetPath,
    serialize({
      schema: { irVersion: 1, name: "Root", root: { kind: "any" }, source: "json" },
      messages: [1],
    }),
  );
  const before = myChildren();
  const outcome = runChild(
    {
      entries: [
        {
          id: "slow",
          format: "slow",
          variant: "test",
          library: "node",
          module: new URL("./slow-adapter.js", import.meta.url).href,
          exportName: "slowAdapter",
          schema: false,
        },
      ],
      datasetPath,
      workDir,
      settings: { ...quickSettings, rounds: 2, samplesPerRound: 1, warmupMinMs: 1, warmupMaxMs: 5 },
      verify: [],
      verifyOnly: false,
      processes: 1,
      firstMessageMaxBytes: 16,
      shippedSizes: false,
    },
    defaultLimits,
    onMessage,
  );
  // The fork is synchronous: the child exists now, and Node needs tens of milliseconds to start.
  const forked = [...myChildren()].filter((pid) => !before.has(pid));
  return { outcome, forked };
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
});
