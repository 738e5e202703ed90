import { readFileSync } from "node:fs";
import type { Dataset, SampleInput } from "@wirebench/schemas";
import { scratchDir } from "../../../schemas/test/scratch-dir.ts";
import { isUnsupported } from "../../src/adapters/types.ts";
import { type Attribution, attributeFormat } from "../../src/attribution/attribute-format.ts";
import { loadAdapter, type RegistryEntry, registry } from "../../src/registry/registry.ts";
import { loadDataset } from "../helpers/load-dataset.ts";

export const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

/** The Protobuf tutorial's AddressBook with its .proto: 228 bytes in protoc's encoding. */
export const addressBook: SampleInput = {
  text: fixture("as-written/addressbook.json"),
  schema: { kind: "proto", text: fixture("as-written/addressbook.proto") },
};

export interface Attributed extends Attribution {
  id: string;
  /** The bytes the format measured (its size), summed over messages. */
  bytes: number;
  encoded: Uint8Array[];
}

/** Prepares a format as the child process does, encodes every message and attributes the bytes. */
export async function attribute(
  entry: RegistryEntry,
  input: SampleInput | Dataset,
): Promise<Attributed | string> {
  const dataset = "messages" in input ? input : loadDataset(input);
  const adapter = await loadAdapter(entry);
  const workDir = scratchDir(`attr-${entry.id}-`);
  await adapter.generate?.(dataset, { workDir });
  const codec = await adapter.prepare(dataset, { workDir });
  if (isUnsupported(codec)) return codec.unsupported;
  const encoded = codec.wire ?? codec.inputs.map((m) => codec.encode(m));
  const a = await attributeFormat(entry, dataset, codec, encoded);
  return { ...a, id: entry.id, bytes: encoded.reduce((n, b) => n + b.byteLength, 0), encoded };
}

const corpusFile = (name: string) =>
  readFileSync(new URL(`../../../corpus/data/${name}`, import.meta.url), "utf8");
const conformanceFile = (name: string) =>
  readFileSync(new URL(`../../../conformance/data/${name}`, import.meta.url), "utf8");

/** Samples of different shapes: small slices of the public corpora (schema inferred) and seed models. */
export const samples: Record<string, SampleInput> = {
  addressBook,
  // Three statuses: nested users, entities lists, nulls, long ids, unicode text.
  twitter: {
    text: (JSON.parse(corpusFile("twitter.json")).statuses as unknown[])
      .slice(0, 3)
      .map((s) => JSON.stringify(s))
      .join("\n"),
    sampleFormat: "ndjson",
  },
  // Objects keyed by id (maps), arrays of numbers, nested records.
  citm: {
    text: JSON.stringify(
      Object.fromEntries(
        Object.entries(JSON.parse(corpusFile("citm_catalog.json")) as Record<string, unknown>).map(
          ([k, v]) => [
            k,
            v && typeof v === "object" && !Array.isArray(v)
              ? Object.fromEntries(Object.entries(v).slice(0, 4))
              : Array.isArray(v)
                ? v.slice(0, 3)
                : v,
          ],
        ),
      ),
    ),
  },
  video: {
    text: conformanceFile("models/video.ndjson"),
    sampleFormat: "ndjson",
    schema: { kind: "proto", text: conformanceFile("models/video.proto") },
  },
};

export const entryOf = (id: string) => registry.find((e) => e.id === id) as RegistryEntry;
export const sum = (a: { bytes: number }[]) => a.reduce((n, e) => n + e.bytes, 0);
