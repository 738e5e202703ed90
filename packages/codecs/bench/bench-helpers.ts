import { type CorpusDocument, readCorpus } from "@wirebench/corpus";
import { type Dataset, inferDataset } from "@wirebench/schemas";
import protobuf from "protobufjs";
import type { Result, Timing } from "../src/index.ts";

export function corpusDataset(doc: CorpusDocument): Dataset {
  return inferDataset(readCorpus(doc));
}

export function timingOf(r: Result, id: string, op: "encode" | "decode" | "access"): Timing {
  const f = r.formats.find((x) => x.id === id);
  const t = f?.[op];
  if (!f?.ok || !t) throw new Error(`${id} ${op}: no timing (${f?.error ?? "missing"})`);
  return t;
}

export { median } from "simple-statistics";

export const fmtNs = (ns: number) =>
  ns >= 1e6 ? `${(ns / 1e6).toFixed(3)} ms` : `${(ns / 1e3).toFixed(2)} µs`;
export const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;

/**
 * The root message type for direct protobufjs calls, configured like the adapter: `keepCase`, since
 * the adapter's message instances carry the .proto field names (a camelCasing type would skip every
 * snake_case field and encode almost nothing), and well-known imports resolved.
 */
export function protoTypeOf(emitted: { text: string; rootType: string }): protobuf.Type {
  const root = new protobuf.Root();
  const parsed = protobuf.parse(emitted.text, root, { keepCase: true });
  for (const imp of parsed.imports ?? []) {
    const common = protobuf.common.get(imp);
    if (common?.nested) root.addJSON(common.nested);
  }
  root.resolveAll();
  return root.lookupType(emitted.rootType);
}
