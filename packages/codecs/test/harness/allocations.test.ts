import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { bytesAllocatedPerOp } from "../../src/harness/allocations.ts";

// Measurement children run with --expose-gc; this test process gets the same gc() this way.
beforeAll(() => {
  setFlagsFromString("--expose-gc");
  (globalThis as { gc?: unknown }).gc = runInNewContext("gc");
});

/** An array of 1,024 small integers: its elements alone are 8 KB. */
const eightKb = () => new Array(1024).fill(0);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Waits without allocating (a busy loop reading the clock would allocate numbers). */
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

describe("bytesAllocatedPerOp", () => {
  it("counts what a call allocates", () => {
    const bytes = bytesAllocatedPerOp(eightKb, [0]);
    expect(bytes).toBeGreaterThanOrEqual(8192);
    expect(bytes).toBeLessThan(9000);
  });

  it("gives no figure for a call that overflows the young generation, rather than what survived", () => {
    // Over 64 MB of objects, a tenth of them returned: scavenges run during every call, and what they
    // leave (the returned tenth) is a positive growth that read as the figure.
    const churn = () => {
      const result: unknown[] = [];
      for (let i = 0; i < 1_000_000; i++) {
        const item = { i, pad: [i, i] };
        if (i % 10 === 0) result.push(item);
      }
      return result;
    };
    const bytes = bytesAllocatedPerOp(churn, [0]);
    expect(bytes === null || bytes >= 64e6).toBe(true);
  });

  it("counts a call longer than its time bound once", () => {
    let calls = 0;
    const slow = () => {
      calls++;
      sleep(250);
      return eightKb();
    };
    const bytes = bytesAllocatedPerOp(slow, [0]);
    expect(calls).toBe(1);
    // The array, and what waiting itself allocates (about 1.4 KB on Node 20).
    expect(bytes).toBeGreaterThanOrEqual(8192);
    expect(bytes).toBeLessThan(16_384);
  });

  it("stops trying a long call that overflows the young generation after one call", () => {
    let calls = 0;
    const slowChurn = () => {
      calls++;
      sleep(250);
      let kept: unknown = null;
      for (let i = 0; i < 1_000_000; i++) kept = { i, next: kept, pad: [i, i] };
      return eightKb();
    };
    expect(bytesAllocatedPerOp(slowChurn, [0])).toBeNull();
    expect(calls).toBe(1);
  });
});
