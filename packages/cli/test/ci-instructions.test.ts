import type { Comparison } from "@wirebench/contracts";
import { comparisonOf, runViewOf } from "@wirebench/contracts/testing";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../src/ci/render-markdown.ts";

type Deltas = NonNullable<Comparison["formats"][number]["instructions"]>;
const format = (key: string, instructions?: Deltas, pass = true) => ({
  key,
  watched: true,
  pass,
  bytes: null,
  gzip: null,
  brotli: null,
  zstd: null,
  encode: null,
  decode: null,
  ...(instructions ? { instructions } : {}),
  sizeFail: false,
  timeFail: false,
});
const comparison = (formats: Comparison["formats"], check: Comparison["checks"][number]): Comparison =>
  comparisonOf({
    run: runViewOf({ id: "runAAAAAAAA", url: "http://wb.test/runs/runAAAA" }),
    baseline: { id: "baseBBBBBBBB", url: "http://wb.test/runs/baseBBBB", branch: "main", commit: null },
    formats,
    checks: [check],
    pass: check.pass,
  });

describe("ci Markdown: instruction counts", () => {
  it("shows counts and deltas per operation, marks the one past the limit and the noisy one", () => {
    const md = renderMarkdown(
      comparison(
        [
          format(
            "json",
            [
              { op: "encode", base: 1_000_000, current: 1_030_000, deltaPct: 3, noisy: false },
              { op: "decode", base: 2_000_000, current: 2_000_010, deltaPct: 0.0005, noisy: false },
            ],
            false,
          ),
          format("avro", [{ op: "encode", base: 500_000, current: 560_000, deltaPct: 12, noisy: true }]),
        ],
        { name: "instructions", limitPct: 1, failing: ["json"], pass: false },
      ),
    );
    expect(md).toContain("| json | encode | 1,000,000 | 1,030,000 | +3.00% ❌ |");
    expect(md).toContain("| json | decode | 2,000,000 | 2,000,010 | +0.00% |");
    expect(md).toContain("| avro | encode | 500,000 | 560,000 | +12.00% (noisy, not judged) |");
    expect(md).toContain("- ❌ rise of instructions per call at most 1%: json");
    expect(md).toContain("threshold crossed");
  });

  it("says so when the gate had no counts to compare", () => {
    const md = renderMarkdown(
      comparison([format("json")], { name: "instructions", limitPct: 1, failing: [], pass: true }),
    );
    expect(md).toContain("Instruction counts: none to compare");
    expect(md).toContain("- ✅ rise of instructions per call at most 1%");
  });
});
