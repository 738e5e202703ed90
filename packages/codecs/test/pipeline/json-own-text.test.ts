import { readFileSync } from "node:fs";
import { readCorpus } from "@wirebench/corpus";
import { minifyJson } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { type FormatResult, runComparison } from "../../src/index.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
const addressBook = fixture("addressbook.json");
const addressBookProto = fixture("addressbook.proto");

async function jsonRow(dataset: ReturnType<typeof loadDataset>): Promise<FormatResult> {
  const r = await runComparison(dataset, { verifyOnly: true, formats: ["json"] });
  return r.formats[0] as FormatResult;
}

const firstText = (f: FormatResult) => Buffer.from(f.firstMessage?.base64 ?? "", "base64").toString("utf8");

describe("the JSON row is the user's own sample, minified", () => {
  it("AddressBook with its .proto: enum numbers stay numbers, 482 bytes as minified", async () => {
    const minified = minifyJson(addressBook);
    // The fixture is sized like the Go article's two-person dump.
    expect(Buffer.byteLength(minified)).toBe(482);
    expect(minified).toContain('"type":2');
    const withSchema = loadDataset({ text: addressBook, schema: { kind: "proto", text: addressBookProto } });
    // The schema reads enum numbers as symbols for the schema formats...
    expect(JSON.stringify(withSchema.messages)).toContain("PHONE_TYPE_HOME");
    const f = await jsonRow(withSchema);
    // ...but JSON reports the bytes the user sent.
    expect(f.bytes).toBe(482);
    expect(firstText(f)).toBe(minified);
    expect(f.fidelity).toMatchObject({ exact: true, issueCount: 0 });
    const inferred = await jsonRow(loadDataset({ text: addressBook }));
    expect(inferred.bytes).toBe(482);
  });

  it("keeps number spelling and big ints' digits in the size", async () => {
    const text = '[ {"price": 1.0, "n": 1e2, "id": 505874924095815681, "s": "caf\\u00e9"} ]';
    const f = await jsonRow(loadDataset({ text }));
    expect(firstText(f)).toBe('{"price":1.0,"n":1e2,"id":505874924095815681,"s":"caf\\u00e9"}');
    expect(f.bytes).toBe(Buffer.byteLength(firstText(f)));
    // JSON.parse rounds the id: lossy, and named.
    expect(f.fidelity.exact).toBe(false);
    expect(f.fidelity.issues).toEqual([
      expect.objectContaining({ path: "/id", kind: "int64-precision", severity: "lossy" }),
    ]);
    // The size is the user's text; what JSON.stringify would write instead is a note.
    expect(f.notes?.join("\n")).toMatch(
      /JSON\.stringify of what JSON\.parse returns writes \d+ B instead of \d+ B/,
    );
  });

  it("NDJSON with a schema: each line as written", async () => {
    const lines = [
      '{"id": "x", "lastUpdated": "2024-01-01", "status": 1}',
      '{ "id":"y" ,"status" : "GONE" }',
    ];
    const proto = `syntax = "proto3";
enum Status { STATUS_UNSPECIFIED = 0; ACTIVE = 1; GONE = 2; }
message Item { string id = 1; string last_updated = 2; Status status = 3; }`;
    const d = loadDataset({
      text: lines.join("\n"),
      sampleFormat: "ndjson",
      schema: { kind: "proto", text: proto },
    });
    const f = await jsonRow(d);
    expect(f.bytes).toBe(lines.map((l) => Buffer.byteLength(minifyJson(l))).reduce((a, b) => a + b));
    expect(f.fidelity.exact).toBe(true);
  });

  it("twitter.json: the minified file's bytes; JSON.parse still rounds the int64 ids", async () => {
    const text = readCorpus("twitter.json");
    const f = await jsonRow(loadDataset({ text }));
    expect(f.bytes).toBe(Buffer.byteLength(minifyJson(text)));
    expect(f.fidelity.exact).toBe(false);
    expect(f.fidelity.lossyCount).toBeGreaterThan(0);
    expect(new Set(f.fidelity.issues.filter((i) => i.severity === "lossy").map((i) => i.kind))).toEqual(
      new Set(["int64-precision"]),
    );
  });
});
