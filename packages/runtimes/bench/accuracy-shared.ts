/**
 * What every runtime's accuracy check (bench/accuracy/<runtime>.ts) shares: the statistics both
 * sides are summarised with, the input they time (the first message of the Go article's AddressBook,
 * packages/conformance/data/models), and the alternation of Wirebench and the community's benchmark
 * in short pairs, so a busy machine's load slows both alike. Kept outside bench/accuracy/, whose
 * every module runtime-accuracy.ts runs as a runtime's check.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Dataset, loadDataset } from "@wirebench/schemas";

/** The median (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

const models = fileURLToPath(new URL("../../conformance/data/models/", import.meta.url));

export interface AccuracyInput {
  /** The user's own .proto and its root type. */
  schema: { file: string; rootType: string };
  /** The first message as its NDJSON line (ProtoJSON of the .proto: lowerCamel names, RFC 3339 times). */
  line: string;
  /** The same message as the dataset Wirebench measures. */
  dataset: Dataset;
}

/** The first AddressBook message (206 B of Protobuf), the input every accuracy check times. */
export function addressBookFirst(): AccuracyInput {
  const schema = { file: join(models, "addressbook-go.proto"), rootType: "wirebench.models.go.AddressBook" };
  const line = readFileSync(join(models, "addressbook-go.ndjson"), "utf8").split("\n")[0] as string;
  const dataset = loadDataset({
    text: `${line}\n`,
    sampleFormat: "ndjson",
    schema: { kind: "proto", text: readFileSync(schema.file, "utf8") },
  });
  return { schema, line, dataset };
}

/**
 * Runs `pair(p)` for p = 0 … pairs - 1, one after another (Wirebench, then the community's tool,
 * inside each), and gathers every figure each named series returned: the series a check compares.
 */
export async function alternate<K extends string>(
  pairs: number,
  pair: (p: number) => Promise<Record<K, number[]>>,
): Promise<Record<K, number[]>> {
  const all = {} as Record<K, number[]>;
  for (let p = 0; p < pairs; p++) {
    const got = await pair(p);
    for (const key of Object.keys(got) as K[]) all[key] = [...(all[key] ?? []), ...got[key]];
  }
  for (const [key, xs] of Object.entries(all) as [K, number[]][])
    if (xs.length === 0 || xs.some(Number.isNaN)) throw new Error(`no figures for ${key}`);
  return all;
}
