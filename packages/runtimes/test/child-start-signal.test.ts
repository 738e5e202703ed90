import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jitEventFlags, perfMapPath } from "../../codecs/src/harness/jit-events.ts";
import { withForked } from "../../codecs/test/helpers/processes.ts";
import { runRuntimeChild } from "../src/child/run-runtime-child.ts";

// A child of a few lines of Node: reads the request line, says done, exits 0.
const child = {
  cmd: process.execPath,
  args: [
    "-e",
    `process.stdin.once("data", () => { console.log(JSON.stringify({ type: "done", checksum: 1 })); process.exit(0); });`,
  ],
};
const opts = { stepTimeoutMs: 30_000, stderrTailBytes: 2048, label: "the test child" };
const handlers = {
  onMessage: () => {},
  plan: () => {
    throw new Error("no plan asked for");
  },
};

/** Starts the child and returns its outcome with the pid it was forked as. */
function start(signal?: AbortSignal) {
  const { started, forked } = withForked(() => runRuntimeChild(child, "{}", handlers, { ...opts, signal }));
  return { exit: started, forked };
}

describe("a runtime child killed by someone else's signal", () => {
  it("is started once more when it had not written a line (a group SIGTERM caught it forking)", async () => {
    const { exit, forked } = start();
    expect(forked).toHaveLength(1);
    process.kill(forked[0] as number, "SIGTERM");
    const e = await exit;
    expect(e.error).toBeUndefined();
    expect(e.completed).toBe(true);
  });

  it("is not started again when this side stopped it", async () => {
    const stop = new AbortController();
    const { exit, forked } = start(stop.signal);
    expect(forked).toHaveLength(1);
    stop.abort();
    const e = await exit;
    expect(e.completed).toBe(false);
    expect(e.error).toContain("was stopped");
  });
});

// The same child with V8's perf map, writing its Node flags to stderr (and never unlinking its map,
// as the Node protocol runtime's child does first thing).
const mapped = {
  cmd: process.execPath,
  args: [
    ...jitEventFlags,
    "-e",
    `process.stdin.once("data", () => { process.stderr.write(JSON.stringify(process.execArgv)); console.log(JSON.stringify({ type: "done", checksum: 1 })); process.exit(0); });`,
  ],
};

describe("a runtime child with V8's perf map", () => {
  /** Kills the first attempt with `signal` as it forks; the second's flags and both maps' fate. */
  async function restartedAfter(signal: NodeJS.Signals) {
    const { started, forked } = withForked(() => runRuntimeChild(mapped, "{}", handlers, opts));
    process.kill(forked[0] as number, signal);
    const e = await started;
    return { e, flags: JSON.parse(e.stderr) as string[], firstMap: perfMapPath(forked[0] as number) };
  }

  it("runs again without the map after V8 stopped it at start (SIGTRAP)", async () => {
    const { e, flags, firstMap } = await restartedAfter("SIGTRAP");
    expect(e.completed).toBe(true);
    expect(flags).not.toContain(jitEventFlags[0]);
    expect(existsSync(firstMap)).toBe(false);
  });

  it("runs again with the map after someone else's SIGTERM, and leaves no map behind", async () => {
    const { started, forked } = withForked(() => runRuntimeChild(mapped, "{}", handlers, opts));
    const e = await started;
    expect(e.completed).toBe(true);
    expect(existsSync(perfMapPath(forked[0] as number))).toBe(false);
    const again = await restartedAfter("SIGTERM");
    expect(again.e.completed).toBe(true);
    expect(again.flags).toContain(jitEventFlags[0]);
  });
});
