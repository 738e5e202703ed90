import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatResultSchema } from "@wirebench/contracts/result";
import { readCorpus } from "@wirebench/corpus";
import { loadDataset } from "@wirebench/schemas";
import { describe, expect, it } from "vitest";
import { runComparison } from "../../src/index.ts";

const fixtures = join(fileURLToPath(import.meta.url), "..", "..", "fixtures");
const events = Object.values(JSON.parse(readCorpus("citm_catalog.json")).events as Record<string, unknown>);
const ndjson = events.map((e) => JSON.stringify(e)).join("\n");

describe("sizes as shipped in a comparison", () => {
  it("every format of an NDJSON dataset of small records gets framed, batched and dictionary sizes", async () => {
    const dataset = loadDataset({ text: ndjson, sampleFormat: "ndjson" });
    const r = await runComparison(dataset, {
      formats: ["json", "msgpack-js", "avro", "protobuf"],
      verifyOnly: true,
    });
    const n = events.length;
    for (const f of r.formats) {
      expect(f.ok, `${f.id}: ${f.error}`).toBe(true);
      expect(formatResultSchema.parse(f)).toEqual(f);
      expect(f.framed?.grpc).toBe(f.bytes + 5 * n);
      const batched = f.batched ?? [];
      expect(batched.map((b) => b.messages)).toEqual([1, 10, 100, n]);
      const [one, , hundred] = batched;
      if (!one || !hundred || !f.dictionary || "unavailable" in f.dictionary)
        throw new Error(`${f.id}: missing`);
      // The question: per message, batches of 100 and a dictionary both beat zstd alone.
      expect(hundred.zstd).toBeLessThan(one.zstd);
      expect(f.dictionary.zstd / f.dictionary.measuredOn.messages).toBeLessThan(
        f.dictionary.plainZstd / f.dictionary.measuredOn.messages,
      );
    }
    const byId = Object.fromEntries(r.formats.map((f) => [f.id, f]));
    expect(byId.json?.framed?.ndjson).toBe((byId.json?.bytes ?? 0) + n);
    expect(byId.json?.framed?.["schema-registry"]).toBe((byId.json?.bytes ?? 0) + 5 * n);
    expect(byId["msgpack-js"]?.framed?.["msgpack-sequence"]).toBe(byId["msgpack-js"]?.bytes);
    expect(byId.protobuf?.framed?.["schema-registry"]).toBe((byId.protobuf?.bytes ?? 0) + 6 * n);
    const avro = byId.avro?.framed ?? {};
    expect(avro["avro-container-null"]).toBeGreaterThan(byId.avro?.bytes ?? 0);
    expect(avro["avro-container-zstandard"]).toBeLessThan(avro["avro-container-null"] as number);
  }, 120_000);

  it("AddressBook with its .proto: the registry adds magic, id and message indexes [1] (02 02): 7 B", async () => {
    const dataset = loadDataset({
      text: readFileSync(join(fixtures, "addressbook.json"), "utf8"),
      schema: { kind: "proto", text: readFileSync(join(fixtures, "addressbook.proto"), "utf8") },
    });
    const r = await runComparison(dataset, { formats: ["protobuf"], verifyOnly: true });
    const pb = r.formats[0];
    const bytes = pb?.bytes ?? 0;
    // AddressBook is the second top-level message of the tutorial's .proto (after Person).
    expect(bytes).toBeGreaterThan(127);
    expect(pb?.framed).toEqual({
      grpc: bytes + 5,
      "varint-delimited": bytes + 2,
      "schema-registry": bytes + 7,
    });
    expect(pb?.dictionary).toEqual({ unavailable: expect.stringMatching(/^1 message: a dictionary needs/) });
    expect(pb?.batched?.map((b) => [b.messages, b.raw])).toEqual([[1, bytes]]);
  }, 120_000);

  it("shippedSizes: false leaves them out", async () => {
    const dataset = loadDataset({ text: '{"a":[1,2,3]}' });
    const r = await runComparison(dataset, { formats: ["json"], verifyOnly: true, shippedSizes: false });
    expect(r.formats[0]?.framed).toBeUndefined();
    expect(r.formats[0]?.batched).toBeUndefined();
  }, 60_000);
});
