import { describe, expect, it } from "vitest";
import { base64ToBytes, hexDump, hexRows } from "../src/lib/hex-dump.ts";

describe("hex dump", () => {
  it("decodes base64 to the bytes it encodes", () => {
    const bytes = Uint8Array.from([0, 1, 127, 128, 255, 0x7b]);
    expect([...base64ToBytes(Buffer.from(bytes).toString("base64"))]).toEqual([...bytes]);
  });

  it("shows offset, hex and ASCII per row, dots for unprintable bytes", () => {
    const text = '{"id":1}';
    const bytes = Uint8Array.from([...new TextEncoder().encode(text), 0x00, 0xff]);
    const rows = hexRows(bytes, 8);
    expect(rows.map((r) => r.offset)).toEqual(["00000000", "00000008"]);
    expect(rows[0]!.ascii).toBe(text);
    expect(rows[0]!.hex).toBe([...text].map((c) => c.charCodeAt(0).toString(16)).join(" "));
    expect(rows[1]!.ascii).toBe("..");
    expect(rows[1]!.hex.trimEnd()).toBe("00 ff");
  });

  it("pads a short last row so every row's ASCII starts in the same column", () => {
    const bytes = new Uint8Array(20).fill(0x41);
    const lines = hexDump(bytes, 16).split("\n");
    expect(lines).toHaveLength(Math.ceil(bytes.length / 16));
    expect(lines[1]!.indexOf("A")).toBe(lines[0]!.indexOf("A"));
    expect(hexDump(new Uint8Array(0))).toBe("");
  });
});
