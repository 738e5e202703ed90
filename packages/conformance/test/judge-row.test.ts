import { describe, expect, it } from "vitest";
import { ruleOf } from "../src/format-rules.ts";
import { judgeRow } from "../src/judge-row.ts";
import type { OurEncoding } from "../src/our-bytes.ts";
import type { ReferenceResult } from "../src/reference-bytes.ts";

const base = { document: "d", kind: "avsc", format: "avro" };
const ours = (hex: string, printed = hex.length / 2): OurEncoding => ({
  id: "avro",
  printed,
  bytes: Buffer.from(hex, "hex"),
  artifacts: [],
});
const theirs = (hex: string, extra: Partial<ReferenceResult> = {}): ReferenceResult => ({
  key: "d",
  format: "avro",
  bytes: Buffer.from(hex, "hex"),
  ...extra,
});

describe("judgeRow", () => {
  it("a bytes rule matches identical bytes only and names the first difference", () => {
    expect(judgeRow(base, ruleOf("avro"), ours("0a0b0c"), theirs("0a0b0c")).status).toBe("match");
    const row = judgeRow(base, ruleOf("avro"), ours("0a0b0c"), theirs("0a0b0d", { oursEqual: false }));
    expect(row.status).toBe("mismatch");
    expect(row.detail).toMatch(/bytes differ at 2/);
    expect(row.detail).toMatch(/another value/);
  });

  it("a size where Wirebench printed one number but encoded another is a mismatch", () => {
    const row = judgeRow(base, ruleOf("avro"), ours("0a0b0c", 4), theirs("0a0b0c"));
    expect(row).toMatchObject({ status: "mismatch", detail: expect.stringMatching(/printed 4 B/) });
  });

  it("a bytes rule becomes a size rule where the reference says an order is open", () => {
    const row = judgeRow(
      { ...base, format: "protobuf" },
      ruleOf("protobuf"),
      ours("0102"),
      theirs("0201", { orderFree: true, oursEqual: true }),
    );
    expect(row).toMatchObject({ rule: "size", status: "match" });
  });

  it("a size rule needs the same length and a reference that reads ours back to its own value", () => {
    const rule = ruleOf("capnp");
    expect(judgeRow(base, rule, ours("0102"), theirs("0201", { oursEqual: true })).status).toBe("match");
    expect(judgeRow(base, rule, ours("0102"), theirs("0201", { oursEqual: false })).status).toBe("mismatch");
    expect(judgeRow(base, rule, ours("010203"), theirs("0201", { oursEqual: true })).status).toBe("mismatch");
  });

  it("a value rule reports the size difference and fails when the values differ", () => {
    const rule = ruleOf("msgpackr");
    const ok = judgeRow(base, rule, ours("de00010102"), theirs("810102", { oursEqual: true }));
    expect(ok).toMatchObject({ status: "match", detail: expect.stringMatching(/\+2 B/) });
    expect(judgeRow(base, rule, ours("810103"), theirs("810102", { oursEqual: false })).status).toBe(
      "mismatch",
    );
  });

  it("a failure on either side is a mismatch carrying its message", () => {
    const failed: OurEncoding = { id: "avro", error: "boom", artifacts: [] };
    expect(judgeRow(base, ruleOf("avro"), failed, theirs("00")).detail).toMatch(/Wirebench: boom/);
    const refErr: ReferenceResult = { key: "d", format: "avro", error: "bad" };
    expect(judgeRow(base, ruleOf("avro"), ours("00"), refErr).detail).toMatch(/reference: bad/);
  });
});
