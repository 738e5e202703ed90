import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { forkBounded } from "../../src/harness/fork-bounded.ts";

const childScript = fileURLToPath(new URL("./last-messages-child.mjs", import.meta.url));

/**
 * A child that exits right after its last message: `exited` must not resolve before every message it
 * wrote was delivered (Node emits 'exit' as soon as the process is reaped, possibly before the IPC
 * pipe is drained; conformance once saw a verify-only child reported as "exited (code 0) while
 * verifying" because its `done` came after).
 */
describe("forkBounded: a child's last messages", () => {
  it("arrive before `exited` resolves, every time", async () => {
    const runs = 30;
    const count = 100;
    let complete = 0;
    for (let run = 0; run < runs; run++) {
      const bounded = forkBounded(childScript, {
        typescript: false,
        heapMb: 256,
        rssMb: 1024,
        rssPollMs: 1000,
      });
      const seen: number[] = [];
      bounded.child.on("message", (m: { i: number }) => seen.push(m.i));
      bounded.child.send({ count, bytes: 64 * 1024 });
      const exit = await bounded.exited;
      expect(exit.code).toBe(0);
      if (seen.length === count && seen[count - 1] === count - 1) complete++;
      else expect.soft(seen.length, `run ${run}: messages seen when exited resolved`).toBe(count);
    }
    expect(complete).toBe(runs);
  }, 120_000);
});
