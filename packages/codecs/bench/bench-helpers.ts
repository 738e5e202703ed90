import { type CorpusDocument, readCorpus } from "@wirebench/corpus";
import { type Dataset, inferDataset, videoRecords } from "@wirebench/schemas";
import type { Result, Timing } from "../src/index.ts";

/** The first twitter.json statuses that fit in 10,000 characters: the time-to-result sample. */
export function tenKbTwitterSample(): { text: string; statuses: number } {
  const twitter = JSON.parse(readCorpus("twitter.json")) as { statuses: unknown[] };
  const of = (n: number) => JSON.stringify({ ...twitter, statuses: twitter.statuses.slice(0, n) });
  let n = 1;
  while (of(n + 1).length <= 10_000) n++;
  return { text: of(n), statuses: n };
}

/**
 * Seeded Video-model records (see videoRecords) until the JSON array reaches `bytes`: the "10 KB
 * Video sample" issue 18 states its targets for.
 */
export function videoSample(bytes = 10_000): string {
  const video = videoRecords(11);
  const records = [video()];
  for (let next = video(); JSON.stringify([...records, next]).length <= bytes; next = video())
    records.push(next);
  return JSON.stringify(records);
}

/**
 * The document bench/accuracy.ts and its direct side measure: `ACCURACY_DOC=10kB` the time-to-result
 * sample (a 10 KB document: calls of microseconds, Wirebench's smallest batches and shortest warm-ups),
 * otherwise citm_catalog.json (1.7 MB: calls of milliseconds).
 */
export function accuracyDocument(): { name: string; text: string } {
  return process.env.ACCURACY_DOC === "10kB"
    ? { name: "the 10 KB twitter sample", text: tenKbTwitterSample().text }
    : { name: "citm_catalog.json", text: readCorpus("citm_catalog.json") };
}

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

export { protoTypeOf } from "../src/adapters/protobuf.ts";
