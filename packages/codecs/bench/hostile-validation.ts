/**
 * Hostile validation (issue 12): how the two inputs that used to hold the web's event loop scale now.
 *  - 20,000 punctuation-only keys, each holding an object: every field's record type and identifier
 *    sanitises to one name (`Record`, `f`), so naming used to probe Name2, Name3, … from 2 each time.
 *  - 1,000 fields × 10,000 `{}` objects read against a schema: the field map used to be rebuilt for
 *    every object.
 * Each case runs at n, 2n and 4n and prints the time, the time relative to JSON.parse of the same text
 * (a linear baseline, measured alongside) and the growth from n to 4n: about 4 when linear, 16 when
 * quadratic. "before" replays the old algorithm's inner loop at the same sizes for comparison.
 * A benchmark, not a test: run it on a quiet machine.
 *   npx tsx packages/codecs/bench/hostile-validation.ts
 */
import {
  checkRunInput,
  conformToSchema,
  emitProto,
  type IrType,
  inferSchema,
  protoJsonName,
  type RecordType,
  type RunInputToCheck,
} from "@wirebench/schemas";
import { punctuationKey, punctuationKeysSample } from "../../schemas/test/hostile/hostile-inputs.ts";

/** Best of `runs` wall times of fn, in ms (best, not mean: noise only ever adds). */
function time(fn: () => unknown, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

interface Row {
  n: number;
  ms: number;
  baselineMs: number;
}

function report(title: string, unit: string, rows: Row[], before?: Row[]): void {
  console.log(`\n${title}`);
  console.log(`${unit.padStart(8)}  ${"ms".padStart(9)}  ${"× JSON.parse".padStart(12)}`);
  for (const r of rows)
    console.log(
      `${String(r.n).padStart(8)}  ${r.ms.toFixed(1).padStart(9)}  ${(r.ms / r.baselineMs).toFixed(1).padStart(12)}`,
    );
  const growth = (rs: Row[]) => (rs.at(-1)!.ms / rs[0]!.ms).toFixed(1);
  const baseGrowth = (rows.at(-1)!.baselineMs / rows[0]!.baselineMs).toFixed(1);
  console.log(
    `growth ${rows[0]!.n} → ${rows.at(-1)!.n}: ${growth(rows)} (JSON.parse ${baseGrowth}; linear ≈ 4, quadratic ≈ 16)`,
  );
  if (before) {
    console.log(
      `before (old algorithm's loop alone): ${before.map((r) => `${r.n}: ${r.ms.toFixed(1)} ms`).join(", ")}`,
    );
    console.log(
      `before growth: ${growth(before)}; before / now at ${rows.at(-1)!.n}: ${(before.at(-1)!.ms / rows.at(-1)!.ms).toFixed(1)}×`,
    );
  }
}

const limits: RunInputToCheck["limits"] = {
  maxDepth: 256,
  maxKeys: 100_000,
  maxTotalKeys: 2_000_000,
  maxTotalObjects: 1_000_000,
  schema: { maxSchemaLeaves: 100_000, maxSchemaTypes: 100_000 },
  maxSyntheticValues: 2_000_000,
};
const settingNames = { leaves: "leaves", types: "types", syntheticValues: "values" };

// Case 1: what the web checks for a sample without a schema, plus naming every field for .proto.
const keys = [5_000, 10_000, 20_000];
// Warm-up: the first size would otherwise also pay for compiling the code.
emitProto(inferSchema(punctuationKeysSample(20_000)));
const keyRows = keys.map((n): Row => {
  const text = punctuationKeysSample(n);
  const input: RunInputToCheck = { sampleText: text, sampleFormat: "json", count: 1, limits, settingNames };
  const ms = time(() => {
    if (!checkRunInput(input).ok) throw new Error("refused");
    emitProto(inferSchema(text));
  });
  return { n, ms, baselineMs: time(() => JSON.parse(text), 5) };
});
const keysBefore = keys.map((n): Row => {
  // The old TypeNames.take / IdentifierScope.take: probe base2, base3, … from 2 for every name.
  const ms = time(() => {
    const used = new Set<string>();
    for (let i = 0; i < n; i++) {
      let name = "Record";
      for (let k = 2; used.has(name); k++) name = `Record${k}`;
      used.add(name);
    }
  }, 1);
  return { n, ms, baselineMs: 1 };
});
report(
  "20,000 punctuation-only keys, each holding an object (infer + check + emit .proto)",
  "keys",
  keyRows,
  keysBefore,
);

// Case 2: a 1,000-field record read against its schema for many empty objects.
const fields = 1_000;
const record: RecordType = {
  kind: "record",
  name: "Wide",
  fields: Array.from({ length: fields }, (_, i) => ({
    name: `${punctuationKey(i)}f${i}`,
    number: i + 1,
    optional: true,
    type: { kind: "int32" },
  })),
};
const schema: IrType = { kind: "array", items: record };
const objectCounts = [2_500, 5_000, 10_000];
const conformRows = objectCounts.map((n): Row => {
  const text = JSON.stringify(Array.from({ length: n }, () => ({})));
  const ms = time(() => conformToSchema(schema, JSON.parse(text)));
  return { n, ms, baselineMs: time(() => JSON.parse(text), 5) };
});
const conformBefore = objectCounts.map((n): Row => {
  // The old conformRecord: a fresh field map (with Protobuf JSON names) for every object.
  const ms = time(() => {
    for (let i = 0; i < n; i++) {
      const byKey = new Map<string, unknown>();
      for (const f of record.fields) byKey.set(protoJsonName(f.name), f);
      for (const f of record.fields) byKey.set(f.name, f);
    }
  }, 1);
  return { n, ms, baselineMs: 1 };
});
report(
  `${fields.toLocaleString("en-US")} fields × n empty objects read against the schema`,
  "objects",
  conformRows,
  conformBefore,
);
