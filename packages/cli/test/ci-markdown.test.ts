import type { FidelityKind } from "@wirebench/contracts";
import { comparisonOf, formatResultOf, runViewOf } from "@wirebench/contracts/testing";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../src/ci/render-markdown.ts";

const comparison = comparisonOf({
  run: runViewOf({
    id: "runAAAAAAAAAAAAAAAAAAAA",
    url: "http://wb.test/runs/runAAAA",
    status: "completed",
    branch: "feature/x",
    commit: "0123456789abcdef0123",
  }),
  baseline: {
    id: "baseBBBBBBBBBBBBBBBBBB",
    url: "http://wb.test/runs/baseBBBB",
    branch: "main",
    commit: "fedcba",
  },
  formats: [
    {
      key: "protobuf/binary",
      watched: true,
      pass: false,
      bytes: { base: 1000, current: 1250, deltaPct: 25 },
      gzip: { base: 600, current: 700, deltaPct: 16.666 },
      brotli: { base: 550, current: 640, deltaPct: 16.3636 },
      zstd: { base: 580, current: 650, deltaPct: 12.069 },
      encode: { base: 1500, current: 1510, deltaPct: 0.667, significant: false },
      decode: { base: 2_000_000, current: 1_500_000, deltaPct: -25, significant: true },
      sizeFail: true,
      timeFail: false,
    },
    {
      key: "json",
      watched: true,
      pass: true,
      bytes: { base: 2000, current: 2000, deltaPct: 0 },
      gzip: null,
      brotli: null,
      zstd: null,
      encode: null,
      decode: null,
      sizeFail: false,
      timeFail: false,
    },
  ],
  checks: [
    { name: "size", limitPct: 10, failing: ["protobuf/binary"], pass: false },
    { name: "time", limitPct: 20, failing: [], pass: true },
  ],
  pass: false,
  note: null,
});

describe("pull-request Markdown", () => {
  it("matches the snapshot", () => {
    expect(renderMarkdown(comparison)).toMatchInlineSnapshot(`
      "## Wirebench: ❌ threshold crossed

      Run [runAAAAA](http://wb.test/runs/runAAAA) on \`feature/x\` @ \`0123456789ab\` against baseline [baseBBBB](http://wb.test/runs/baseBBBB) (\`main\`).

      | format | bytes | gzip | brotli | zstd | encode | decode |
      |---|---:|---:|---:|---:|---:|---:|
      | protobuf/binary ❌ | 1,250 (+25.0%) ❌ | 700 (+16.7%) ❌ | 640 (+16.4%) ❌ | 650 (+12.1%) ❌ | 1.5 µs (+0.7%, n.s.) | 1.50 ms (-25.0%) |
      | json | 2,000 (0.0%) | – | – | – | – | – |

      - ❌ size growth (raw and compressed) at most 10%: protobuf/binary
      - ✅ significant slow-down at most 20%

      <sub>Sizes are exact. n.s. = not significant (the 95% confidence intervals overlap).</sub>
      "
    `);
  });

  it("says when there was no baseline", () => {
    const md = renderMarkdown({
      ...comparison,
      baseline: null,
      formats: [],
      checks: [],
      pass: true,
      note: 'no completed run found for baseline "main"',
    });
    expect(md).toContain('with no baseline (`no completed run found for baseline "main"`)');
    expect(md).toContain("✅ within thresholds");
  });

  it("shows the pull request, the run's message as one escaped quoted line, and lost formats", () => {
    const md = renderMarkdown({
      ...comparison,
      run: { ...comparison.run, pullRequest: 7, message: "Rename | split *fields*\nsecond line" },
      newlyFailing: [{ key: "avro", watched: true, error: "avro: cannot represent /a\nstack" }],
      missing: [{ key: "cbor", watched: false }],
      checks: [{ name: "formats", limitPct: null, failing: ["avro"], pass: false }],
    });
    expect(md).toContain("@ `0123456789ab` for PR #7 against baseline");
    expect(md).toContain("\n> `Rename | split *fields*`\n");
    expect(md).not.toContain("second line");
    expect(md).toContain("- ❌ avro fails now: `avro: cannot represent /a`\n");
    expect(md).toContain("- ⚠️ cbor not in this run (not watched)\n");
    expect(md).toContain("- ❌ every watched baseline format still works: avro\n");
  });

  it("warns about lossy formats only and names cosmetic-only ones apart", () => {
    const fidelity = (kinds: [FidelityKind, "lossy" | "cosmetic"][], lossyCount?: number) => ({
      exact: kinds.every(([, s]) => s === "cosmetic"),
      issues: kinds.map(([kind, severity]) => ({ path: "/", kind, severity, detail: "" })),
      ...(lossyCount === undefined ? {} : { lossyCount, issueCount: kinds.length }),
    });
    const md = renderMarkdown({
      ...comparison,
      run: {
        ...comparison.run,
        formats: [
          formatResultOf({
            id: "json",
            variant: "",
            fidelity: fidelity(
              [
                ["int64-precision", "lossy"],
                ["key-order", "cosmetic"],
              ],
              1,
            ),
          }),
          formatResultOf({
            id: "protobuf",
            variant: "binary",
            fidelity: fidelity([["key-order", "cosmetic"]], 0),
          }),
          // Stored before severities: the kind decides.
          formatResultOf({
            id: "avro",
            variant: "binary",
            fidelity: { exact: false, issues: [{ path: "/", kind: "key-order", detail: "" }] },
          }),
          formatResultOf({ id: "cbor", variant: "", fidelity: fidelity([]) }),
        ],
      },
    });
    expect(md).toContain("- ⚠️ 1 format did not round-trip the data exactly: json (1 lossy: int64-precision)");
    expect(md).toContain("- Cosmetic differences only (same values, e.g. key order): protobuf, avro");
    expect(md).not.toMatch(/cbor/);
  });
});
