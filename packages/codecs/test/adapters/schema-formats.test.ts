import { readFileSync } from "node:fs";
import { type CorpusDocument, corpusPath } from "@wirebench/corpus";
import { type Dataset, inferDataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { everyTypeDataset } from "../helpers/every-type.ts";

/** Schema formats whose round trips are implemented; each must pass every case below. */
const schemaFormats = [
  "protobuf",
  "protobuf-json",
  "avro",
  "thrift-binary",
  "thrift-compact",
  "flatbuffers",
  "capnp",
  "capnp-packed",
];

async function verify(dataset: Parameters<typeof runComparison>[0]): Promise<Map<string, FormatResult>> {
  const r = await runComparison(dataset, { verifyOnly: true, formats: schemaFormats });
  return new Map(r.formats.map((f) => [f.id as string, f]));
}

const pathsAndKinds = (f: FormatResult | undefined) => f?.fidelity.issues.map((i) => [i.path, i.kind]);

const exact = { exact: true, issues: [], issueCount: 0, lossyCount: 0 };

describe("schema formats on a fixture covering every IR type", () => {
  it("are exact except where the IDL cannot carry a value, and say so", async () => {
    const got = await verify(everyTypeDataset);
    expect([...got.keys()].sort()).toEqual([...schemaFormats].sort());
    for (const id of schemaFormats) expect(got.get(id)?.ok, `${id}: ${got.get(id)?.error}`).toBe(true);
    for (const id of ["protobuf", "protobuf-json", "flatbuffers", "capnp", "capnp-packed"])
      expect(got.get(id)?.fidelity, id).toEqual(exact);
    // Avro and Thrift have no unsigned 64-bit type: uint64 max wraps through long / i64.
    for (const id of ["avro", "thrift-binary", "thrift-compact"]) {
      expect(pathsAndKinds(got.get(id)), id).toEqual([["#0/huge", "value-changed"]]);
    }
  });
});

describe("timestamps travel as epoch milliseconds in every schema format", () => {
  const dataset = (at: (string | number)[]): Dataset => ({
    schema: {
      irVersion: 1,
      name: "Stamp",
      source: "json",
      root: {
        kind: "record",
        name: "Stamp",
        fields: [{ name: "at", number: 1, optional: false, type: { kind: "timestamp" } }],
      },
    },
    messages: at.map((v) => ({ at: v })),
  });

  it("keep the sample's shape: fractional ISO text and negative epoch numbers come back as written", async () => {
    const got = await verify(dataset(["2014-08-27T13:08:45.123Z", "2038-01-19T03:14:08.000Z"]));
    for (const id of schemaFormats) expect(got.get(id)?.fidelity, id).toEqual(exact);
    const numbers = await verify(dataset([-86_400_000, 8_640_000_000_000_000]));
    for (const id of schemaFormats) expect(numbers.get(id)?.fidelity, id).toEqual(exact);
  });

  it("name what UTC milliseconds cannot carry: an offset is a date-shape change", async () => {
    const got = await verify(dataset(["2024-01-02T05:04:05+02:00"]));
    for (const id of schemaFormats) {
      expect(got.get(id)?.fidelity.issues, id).toEqual([
        {
          path: "/at",
          kind: "date-shape",
          severity: "lossy",
          detail: 'date "2024-01-02T05:04:05+02:00" read back as "2024-01-02T03:04:05Z"',
        },
      ]);
    }
  });
});

describe("schema formats restore hostile field names", () => {
  const text = readFileSync(
    new URL("../../../schemas/test/fixtures/hostile-names.json", import.meta.url),
    "utf8",
  );
  const originalKeys = (JSON.parse(text) as Record<string, unknown>[]).map((m) => Object.keys(m));

  it("round-trip keywords, `__proto__`, case and punctuation clashes exactly", async () => {
    const dataset = inferDataset(text);
    expect(dataset.messages).toHaveLength(2);
    const got = await verify(dataset);
    for (const id of schemaFormats) {
      const f = got.get(id);
      expect(f?.ok, `${id}: ${f?.error}`).toBe(true);
      // Renamed IDL identifiers must map back: a lost or foreign key shows up as missing/extra.
      expect(
        f?.fidelity.issues.filter((i) => i.kind !== "key-order"),
        id,
      ).toEqual([]);
    }
    // The original names are present as own keys of the messages that were compared.
    expect(dataset.messages.map((m) => Object.keys(m as object))).toEqual(originalKeys);
  });
});

describe("key order is cosmetic", () => {
  it("NDJSON transactions whose exchangeRates list currencies in varying orders are exact", async () => {
    const orders = [
      ["USD", "GBP", "JPY", "CHF", "EUR"],
      ["EUR", "USD", "JPY", "GBP", "CHF"],
      ["CHF", "JPY", "EUR", "GBP", "USD"],
    ];
    const text = orders
      .map((keys, i) =>
        JSON.stringify({
          transactionId: `tx-${i}`,
          amountDetail: {
            amount: 10.5 + i,
            exchangeRates: Object.fromEntries(keys.map((k, j) => [k, 0.25 + i + j])),
          },
        }),
      )
      .join("\n");
    const got = await verify(inferDataset(text, { sampleFormat: "ndjson" }));
    for (const id of schemaFormats) {
      const f = got.get(id);
      expect(f?.ok, `${id}: ${f?.error}`).toBe(true);
      expect(f?.fidelity.exact, id).toBe(true);
      expect(f?.fidelity.lossyCount, id).toBe(0);
    }
    // Fields come back in schema order, so at least two of the three maps are reordered.
    const reordered = got.get("protobuf")?.fidelity.issues ?? [];
    expect(reordered.length).toBeGreaterThanOrEqual(2);
    expect(reordered.every((i) => i.kind === "key-order" && i.severity === "cosmetic")).toBe(true);
  });
});

describe("schema formats round-trip the corpus from the inferred schema", () => {
  const load = (doc: CorpusDocument) => inferDataset(readFileSync(corpusPath(doc), "utf8"));

  it("twitter.json: exact (status ids survive); key order differs from the sample, a cosmetic issue", async () => {
    const got = await verify(load("twitter.json"));
    for (const id of schemaFormats) {
      const f = got.get(id);
      expect(f?.ok, `${id}: ${f?.error}`).toBe(true);
      expect(f?.fidelity.exact, id).toBe(true);
      expect(f?.fidelity.lossyCount, id).toBe(0);
      const kinds = new Set(f?.fidelity.issues.map((i) => `${i.kind}:${i.severity}`));
      // Formats that keep the sample's key order have no issue at all.
      expect(
        [...kinds].every((k) => k === "key-order:cosmetic"),
        id,
      ).toBe(true);
    }
    // A format writing fields in schema order reorders some of the 100 statuses' objects.
    expect(got.get("protobuf")?.fidelity.issueCount).toBeGreaterThan(0);
  });

  it.each(["citm_catalog.json", "canada.json"] as const)("%s: exact", async (doc) => {
    const got = await verify(load(doc));
    expect([...got.keys()].sort()).toEqual([...schemaFormats].sort());
    for (const id of schemaFormats) {
      expect(got.get(id)?.ok, `${id}: ${got.get(id)?.error}`).toBe(true);
      expect(got.get(id)?.fidelity, id).toEqual(exact);
    }
  });
});
