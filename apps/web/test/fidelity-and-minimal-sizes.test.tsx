import type { FidelityKind } from "@wirebench/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FidelityPanel } from "../src/components/run/fidelity-panel.tsx";
import { Summary } from "../src/components/run/summary.tsx";
import type { FormatEntry } from "../src/components/run/types.ts";
import { sizeSummaryRows, toRows } from "../src/lib/format-rows.ts";

const issue = (path: string, kind: FidelityKind, severity?: "lossy" | "cosmetic") => ({
  path,
  kind,
  detail: `${kind} at ${path}`,
  ...(severity ? { severity } : {}),
});

const entry = (
  id: string,
  bytes: number,
  fidelity: FormatEntry["fidelity"],
  extra: Partial<FormatEntry> = {},
) =>
  ({
    id,
    format: id,
    variant: "",
    ok: true,
    bytes,
    compressed: { gzip: bytes, brotli: bytes, zstd: bytes },
    fidelity,
    ...extra,
  }) as FormatEntry;

// twitter.json in miniature: schema formats only reorder keys, JSON rounds int64 ids.
const entries: FormatEntry[] = [
  entry("protobuf", 100, {
    exact: true,
    issues: [issue("/statuses/0", "key-order", "cosmetic"), issue("/statuses/1", "key-order", "cosmetic")],
    issueCount: 116,
    lossyCount: 0,
  }),
  entry("json", 300, {
    exact: false,
    issues: [
      issue("/statuses/0/id", "int64-precision", "lossy"),
      issue("/search_metadata", "key-order", "cosmetic"),
    ],
    issueCount: 2,
    lossyCount: 1,
  }),
  entry("msgpackr", 260, { exact: true, issues: [] }, { minimalVariant: "msgpackr-minimal" }),
  entry("msgpackr-minimal", 240, { exact: true, issues: [] }),
  entry("avro", 90, { exact: true, issues: [], issueCount: 0, lossyCount: 0 }),
];

describe("fidelity severity on the run page", () => {
  it("headlines only lossy formats and names cosmetic-only ones apart", () => {
    const html = renderToStaticMarkup(<Summary rows={toRows(entries)} />);
    expect(html).toContain("1 format did not round-trip the data exactly:");
    expect(html).toMatch(/did not round-trip the data exactly:(?:\s|<!-- -->)*json\./);
    expect(html).toMatch(/data-testid="cosmetic-only"[^>]*>[^<]*(?:<!-- -->)*[^<]*protobuf/);
  });

  it("lists lossy differences as the verdict and cosmetic ones apart, with their totals", () => {
    const html = renderToStaticMarkup(<FidelityPanel entries={entries} />);
    const block = (id: string) => html.split(`data-testid="fidelity-${id}"`)[1]?.split("</details>")[0] ?? "";
    expect(block("protobuf")).toContain('class="good">exact<');
    expect(block("protobuf")).toContain(" · 116 cosmetic (same values)");
    expect(block("protobuf")).toContain("…and 114 more");
    expect(block("json")).toContain("1 lossy difference<");
    expect(block("json")).toMatch(/int64-precision[\s\S]*Cosmetic: the same values[\s\S]*key-order/);
  });

  it("reads a stored result whose issues carry no severity by their kind", () => {
    const [row] = toRows([entry("avro", 1, { exact: false, issues: [issue("/", "key-order")] })]);
    expect(row).toMatchObject({ exact: true, issues: 0, cosmetic: 1 });
    const [capped] = toRows([
      entry("avro", 1, { exact: false, issues: [issue("/", "key-order")], issueCount: 3 }),
    ]);
    // Issues past the kept ones cannot be told apart: they count as lossy.
    expect(capped).toMatchObject({ exact: false, issues: 2, cosmetic: 1 });
  });
});

describe("size summary with minimal encodings", () => {
  it("compares the minimal variant in place of the padded library default, and says so", () => {
    const rows = toRows(entries);
    const { rows: compared, replaced } = sizeSummaryRows(rows);
    expect(compared.map((r) => r.key)).not.toContain("msgpackr");
    expect(replaced.map(({ row, minimal }) => [row.key, minimal.key])).toEqual([
      ["msgpackr", "msgpackr-minimal"],
    ]);
    const html = renderToStaticMarkup(<Summary rows={rows} />);
    expect(html).toContain("minimal standard encoding");
    expect(html).toContain("writes 20 B more");
    // Without the minimal variant in the run, the default stands for MessagePack and nothing is said.
    const alone = toRows(entries.filter((e) => e.id !== "msgpackr-minimal"));
    expect(sizeSummaryRows(alone).rows.map((r) => r.key)).toContain("msgpackr");
    expect(renderToStaticMarkup(<Summary rows={alone} />)).not.toContain("minimal-sizes");
  });
});
