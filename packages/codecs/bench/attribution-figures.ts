/**
 * Where the bytes go, for a sample of your own: runs a verify-only comparison (every format, no
 * timings) and prints each format's size, its largest fields and its structural entries. A diagnostic, not a
 * test; the figures are the Result JSON's formats[].attribution.
 *   npx tsx packages/codecs/bench/attribution-figures.ts SAMPLE [--schema FILE] [--root TYPE] [--top N]
 */
import { readFileSync } from "node:fs";
import { idlCompilers } from "@wirebench/idl-compilers";
import { loadDataset, schemaKindOf } from "@wirebench/schemas";
import { runComparison } from "../src/index.ts";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sample = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!sample) {
  console.error("usage: attribution-figures.ts SAMPLE [--schema FILE] [--root TYPE] [--top N]");
  process.exit(2);
}
const schemaFile = option("--schema");
const root = option("--root");
const dataset = loadDataset(
  {
    text: readFileSync(sample, "utf8"),
    ...(sample.endsWith(".ndjson") ? { sampleFormat: "ndjson" as const } : {}),
    ...(schemaFile
      ? {
          schema: {
            kind: schemaKindOf(schemaFile),
            text: readFileSync(schemaFile, "utf8"),
            ...(root ? { rootType: root } : {}),
          },
        }
      : {}),
  },
  idlCompilers,
);
const top = Number(option("--top") ?? 6);
const result = await runComparison(dataset, { verifyOnly: true });
for (const f of result.formats) {
  if (!f.ok) {
    console.log(`${f.id.padEnd(17)} failed: ${f.error}`);
    continue;
  }
  // The largest fields, then every structural entry (names in parentheses).
  const entries = f.attribution ?? [];
  const fields = entries.filter((e) => !e.path.startsWith("(")).slice(0, top);
  const shown = [...fields, ...entries.filter((e) => e.path.startsWith("("))].map(
    (e) => `${e.path} ${e.bytes}`,
  );
  console.log(`${f.id.padEnd(17)} ${String(f.bytes).padStart(7)} B  ${shown.join(", ")}`);
}
