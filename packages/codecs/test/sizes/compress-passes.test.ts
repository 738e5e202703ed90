import { describe, expect, it } from "vitest";
import {
  COMPRESS_BUDGET_MS,
  COMPRESS_LONG_PASS_MS,
  COMPRESS_REPEATS,
  repeatPass,
} from "../../src/sizes/compressed-sizes.ts";

/** How many passes repeatPass lets one compressor take when every pass lasts `ms`. */
function passes(ms: number, ranBefore: boolean): number {
  let n = 1;
  while (repeatPass(n, n * ms, ms, ranBefore)) n++;
  return n;
}

describe("compression passes", () => {
  it("repeats short passes up to the repeat count, and stops at the time budget", () => {
    expect(passes(0.1, true)).toBe(COMPRESS_REPEATS);
    expect(passes(COMPRESS_LONG_PASS_MS - 1, false)).toBe(COMPRESS_REPEATS);
    // Two passes of 60 ms leave no room for a third under a 100 ms budget.
    expect(passes(COMPRESS_BUDGET_MS * 0.6, false)).toBe(2);
    expect(passes(COMPRESS_BUDGET_MS, false)).toBe(1);
  });

  it("times a long pass once when its compressor has run in the process, but not its first", () => {
    expect(passes(COMPRESS_LONG_PASS_MS, true)).toBe(1);
    expect(passes(COMPRESS_LONG_PASS_MS * 2, true)).toBe(1);
    // A compressor's first pass in the process is cold (zstd's WebAssembly not yet optimised).
    expect(passes(COMPRESS_LONG_PASS_MS, false)).toBe(COMPRESS_REPEATS);
  });
});
