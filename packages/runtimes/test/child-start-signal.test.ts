import { describe, expect, it } from "vitest";
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
