import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { quickSettings, runComparison } from "@wirebench/codecs";
import { type Dataset, loadDataset } from "@wirebench/schemas";
import { afterAll, describe, expect, it } from "vitest";
import { pythonRuntime } from "../src/definitions/python.ts";
import { addRuntimes, dataModelJson, dataModelJsonId } from "../src/index.ts";
import { addressBook } from "./addressbook.ts";

/**
 * "Same bytes in every runtime?" for JSON: every other runtime writes the data model, so that is the
 * row's reference, unless Node's `json` entry (the user's sample text) writes exactly those bytes.
 * Python's json and orjson write the same compact text, so both must land in `same`.
 */
const workDir = mkdtempSync(join(tmpdir(), "wb-json-bytes-"));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const python = (await pythonRuntime.detect()).available;

async function jsonRow(dataset: Dataset, dir: string) {
  const node = await runComparison(dataset, { formats: ["json"], quick: true, verifyOnly: true });
  const result = await addRuntimes(node, dataset, {
    runtimes: ["node", "python"],
    formats: ["json"],
    settings: quickSettings,
    workDir: join(workDir, dir),
  });
  const nodeJson = result.formats.find((f) => f.id === "json");
  return { nodeJson, row: result.crossRuntime?.find((r) => r.format === "json") };
}

describe("the cross-runtime JSON row", () => {
  it("computes JSON.stringify of the data model, message by message", () => {
    const dataset = addressBook();
    const reference = dataModelJson(dataset);
    const texts = dataset.messages.map((m) => JSON.stringify(m));
    expect(reference.bytes).toBe(texts.reduce((n, t) => n + Buffer.byteLength(t), 0));
    expect(Buffer.from(reference.firstMessage?.base64 ?? "", "base64").toString()).toBe(texts[0]);
    // The data model keeps the schema's field names, which the sample spells its own way.
    expect(texts[0]).toContain('"last_updated":');
  });

  it.skipIf(!python)(
    "compares other runtimes with the data model when Node's entry writes the sample's own text",
    async () => {
      const dataset = addressBook();
      const { nodeJson, row } = await jsonRow(dataset, "addressbook");
      // The sample spells lastUpdated (ProtoJSON's name); the data model, and every runtime, last_updated.
      expect(nodeJson?.digest).not.toBe(dataModelJson(dataset).digest);
      expect(row).toEqual({
        format: "json",
        reference: dataModelJsonId,
        same: ["orjson@python", "json@python"],
        different: [],
      });
    },
    300_000,
  );

  it.skipIf(!python)(
    "keeps Node's json entry as the reference when it writes the data model itself",
    async () => {
      // No schema: the data model is the sample, so Node's text is exactly JSON.stringify of it.
      const dataset = loadDataset({
        text: '{"id":7,"name":"Ann","tags":["a","b"],"ok":true}\n{"id":8,"name":"Bo","tags":[],"ok":false}\n',
        sampleFormat: "ndjson",
      });
      const { nodeJson, row } = await jsonRow(dataset, "plain");
      expect(nodeJson?.digest).toBe(dataModelJson(dataset).digest);
      expect(row).toEqual({
        format: "json",
        reference: "json",
        same: ["orjson@python", "json@python"],
        different: [],
      });
    },
    300_000,
  );
});
