import { formatResultOf } from "@wirebench/contracts/testing";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AttributionPanel } from "../src/components/run/attribution-panel.tsx";
import {
  attributedFormats,
  costliestFields,
  pathTable,
  stackRows,
  stackSeries,
} from "../src/lib/attribution-view.ts";

// AddressBook's figures from the codecs package's walkers (protobuf 228 B, JSON 459 B).
const protobuf = {
  id: "protobuf",
  format: "protobuf",
  variant: "binary",
  ok: true,
  bytes: 228,
  attribution: [
    { path: "people.email", bytes: 71 },
    { path: "people.phones.number", bytes: 69 },
    { path: "people.name", bytes: 37 },
    { path: "people.last_updated", bytes: 10 },
    { path: "people.id", bytes: 4 },
    { path: "people.phones.type", bytes: 3 },
    { path: "(tags)", bytes: 25 },
    { path: "(lengths)", bytes: 9 },
  ],
};
const json = {
  id: "json",
  format: "json",
  variant: "",
  ok: true,
  bytes: 459,
  attribution: [
    { path: "people.phones.number", bytes: 74 },
    { path: "people.email", bytes: 73 },
    { path: "people.last_updated", bytes: 44 },
    { path: "people.name", bytes: 39 },
    { path: "people.id", bytes: 8 },
    { path: "people.phones.type", bytes: 5 },
    { path: "(keys)", bytes: 177 },
    { path: "(structure)", bytes: 39 },
  ],
};
const unwalked = {
  id: "ion",
  format: "ion",
  variant: "",
  ok: true,
  bytes: 370,
  attribution: [{ path: "(unattributed)", bytes: 370 }],
};
const formats = attributedFormats([protobuf, json, unwalked, { id: "old", format: "old", ok: true }]);

describe("where the bytes go, on the run page", () => {
  it("ranks the fields by their worst rank over the formats that were walked", () => {
    const c = costliestFields(formats, 3);
    // email is #1 in protobuf and #2 in JSON; phones.number #2 and #1: both never below #2.
    expect(c.fields.map((f) => [f.path, f.worstRank])).toEqual([
      ["people.email", 2],
      ["people.phones.number", 2],
      ["people.name", 4],
    ]);
    expect(c.everywhere).toBeUndefined();
    expect(costliestFields([formats[0] as never]).everywhere).toBe("people.email");
  });

  it("stacks each format's bytes into series that add up to its size", () => {
    const series = stackSeries(formats, 2);
    // email 71 + 73 = 144 B over both formats, phones.number 69 + 74 = 143 B.
    expect(series.slice(0, 3)).toEqual(["people.email", "people.phones.number", "other fields"]);
    expect(series).toContain("(keys)");
    for (const row of stackRows(formats, series)) {
      const total = series.reduce((n, s) => n + Number(row[s]), 0);
      expect(total).toBe(formats.find((f) => f.key === row.key)?.bytes);
    }
  });

  it("renders the headline and one table row per path, a dash where a format has no such path", () => {
    const html = renderToStaticMarkup(
      <AttributionPanel entries={[protobuf, json, unwalked].map(formatResultOf)} />,
    );
    expect(html).toContain('data-testid="attribution-panel"');
    expect(html).toContain("<code>people.email</code> (never below #2)");
    expect(pathTable(formats)).toHaveLength(11);
    expect(html).toContain('data-path="(tags)"');
    expect(html.match(/<tr data-path=/g)).toHaveLength(11);
  });

  it("shows nothing for results made before attribution existed", () => {
    expect(
      renderToStaticMarkup(<AttributionPanel entries={[formatResultOf({ id: "json", variant: "" })]} />),
    ).toBe("");
  });
});
