import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { digestOf } from "../../src/sizes/digest.ts";

describe("digestOf", () => {
  it("is SHA-256 over each message prefixed by its 4-byte big-endian length", () => {
    const a = new Uint8Array([1, 2]);
    const b = new Uint8Array(300).fill(7);
    const expected = createHash("sha256")
      .update(Buffer.from([0, 0, 0, 2, 1, 2]))
      .update(Buffer.from([0, 0, 1, 44]))
      .update(b)
      .digest("hex");
    expect(digestOf([a, b])).toBe(expected);
  });

  it("tells message boundaries apart", () => {
    const ab = new Uint8Array([1, 2]);
    expect(digestOf([ab])).not.toBe(digestOf([ab.subarray(0, 1), ab.subarray(1)]));
  });
});
