import type { Comparison } from "@wirebench/contracts";
import { comparisonOf, runViewOf } from "@wirebench/contracts/testing";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../src/ci/render-markdown.ts";

const format = (key: string, paths?: NonNullable<Comparison["formats"][number]["paths"]>) => ({
  key,
  watched: true,
  pass: true,
  bytes: { base: 1000, current: 1040, deltaPct: 4 },
  gzip: null,
  brotli: null,
  zstd: null,
  encode: null,
  decode: null,
  ...(paths ? { paths } : {}),
  sizeFail: false,
  timeFail: false,
});

const comparison = (formats: Comparison["formats"]): Comparison =>
  comparisonOf({
    run: runViewOf({ id: "runAAAAAAAA", url: "http://wb.test/runs/runAAAA" }),
    baseline: { id: "baseBBBBBBBB", url: "http://wb.test/runs/baseBBBB", branch: "main", commit: null },
    formats,
  });

describe("ci Markdown: where the bytes changed", () => {
  it("names each format's paths with their change and both sizes, field names escaped", () => {
    const md = renderMarkdown(
      comparison([
        format("protobuf", [
          { path: "people.nickname", base: 0, current: 1240, delta: 1240 },
          { path: "people.name", base: 37, current: 30, delta: -7 },
        ]),
        format("json", [{ path: "a|b`c", base: 10, current: 12, delta: 2 }]),
        format("avro", []),
      ]),
    );
    expect(md).toContain("Where the bytes changed (field paths, summed over messages):");
    expect(md).toContain("- protobuf: `people.nickname` +1,240 B (0 → 1,240), `people.name` −7 B (37 → 30)");
    // A pipe or backtick in a field name cannot break the list or the code span.
    expect(md).toContain("- json: ``a|b`c`` +2 B (10 → 12)");
    expect(md).not.toContain("- avro:");
  });

  it("says nothing when no path changed or the server sends none", () => {
    expect(renderMarkdown(comparison([format("protobuf")]))).not.toContain("Where the bytes changed");
  });
});
