import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Schema languages of the corpus; `none` is a document with no schema (schemaless formats only). */
export type CorpusKind = "proto" | "avsc" | "jsonschema" | "thrift" | "fbs" | "capnp" | "none";

/** One schema with its documents, as `data/corpus.json` lists it. */
export interface CorpusEntry {
  id: string;
  kind: CorpusKind;
  /** Schema file, relative to data/. */
  schema?: string;
  /** The message/record/struct each document is (needed by references; Wirebench's `--root`). */
  root?: string;
  /** Document files relative to data/; an `.ndjson` file gives one document per line. */
  documents: string[];
  /** Why the entry cannot run yet (e.g. its importer has not landed); shown in the table, not counted. */
  pending?: string;
  /**
   * Wirebench refuses this schema on purpose (e.g. recursion); the row checks the refusal still names
   * the reason and is counted apart from matches.
   */
  refused?: string;
}

export interface CorpusDocument {
  /** `entry/file` or `entry/file#line`. */
  id: string;
  entry: CorpusEntry;
  /** Absolute schema path, when the entry has one. */
  schemaPath?: string;
  /** The document's JSON text. */
  text: string;
}

export const dataDir = join(dirname(fileURLToPath(import.meta.url)), "..", "data");

export function loadCorpus(dir = dataDir): CorpusEntry[] {
  const manifest = JSON.parse(readFileSync(join(dir, "corpus.json"), "utf8")) as { entries: CorpusEntry[] };
  const ids = new Set<string>();
  for (const e of manifest.entries) {
    if (ids.has(e.id)) throw new Error(`corpus.json: entry id ${e.id} is listed twice`);
    ids.add(e.id);
    for (const f of [...(e.schema ? [e.schema] : []), ...e.documents])
      if (!existsSync(join(dir, f))) throw new Error(`corpus.json: ${e.id} names ${f}, which is missing`);
  }
  return manifest.entries;
}

/** Every document of an entry: each file, or each non-empty line of an `.ndjson` file. */
export function documentsOf(entry: CorpusEntry, dir = dataDir): CorpusDocument[] {
  const base: Omit<CorpusDocument, "id" | "text"> = {
    entry,
    ...(entry.schema ? { schemaPath: join(dir, entry.schema) } : {}),
  };
  return entry.documents.flatMap((file) => {
    const text = readFileSync(join(dir, file), "utf8");
    const name = file.split("/").pop() ?? file;
    if (!file.endsWith(".ndjson")) return [{ ...base, id: `${entry.id}/${name}`, text }];
    return text
      .split("\n")
      .map((line, i) => ({ line: line.trim(), i }))
      .filter(({ line }) => line !== "")
      .map(({ line, i }) => ({ ...base, id: `${entry.id}/${name}#${i + 1}`, text: line }));
  });
}
