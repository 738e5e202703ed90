import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isUnsupported } from "../../src/adapters/types.ts";
import { type Attribution, attributeFormat } from "../../src/attribution/attribute-format.ts";
import { loadDataset, type SampleInput } from "../../src/index.ts";
import { loadAdapter, type RegistryEntry, registry } from "../../src/registry/registry.ts";

export const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

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
export async function attribute(entry: RegistryEntry, input: SampleInput): Promise<Attributed | string> {
  const dataset = loadDataset(input);
  const adapter = await loadAdapter(entry);
  const workDir = mkdtempSync(join(tmpdir(), `attr-${entry.id}-`));
  await adapter.generate?.(dataset, { workDir });
  const codec = await adapter.prepare(dataset, { workDir });
  if (isUnsupported(codec)) return codec.unsupported;
  const encoded = codec.wire ?? codec.inputs.map((m) => codec.encode(m));
  const a = await attributeFormat(entry, dataset, codec, encoded);
  return { ...a, id: entry.id, bytes: encoded.reduce((n, b) => n + b.byteLength, 0), encoded };
}

export const entryOf = (id: string) => registry.find((e) => e.id === id) as RegistryEntry;
export const sum = (a: { bytes: number }[]) => a.reduce((n, e) => n + e.bytes, 0);
