import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize } from "node:v8";
import { childEnv, type DatasetFile, defaultSettings, quickSettings } from "@wirebench/codecs";
import type { FormatResult, Result, StoredRunOptions } from "@wirebench/contracts";
import { addRuntimes } from "@wirebench/runtimes";

export { withMinimalVariants } from "@wirebench/runtimes";

import type { Dataset } from "@wirebench/schemas";

/**
 * `options.runtimes` (docs/polyglot.md): after Node's comparison, the other runtimes asked for, one
 * after another, each entry saved as its FormatResult row as it lands (sizes first, then timed) and
 * Node's rows again with `runtime: "node"`. Their children start from the same minimal environment
 * as Node's measurement children (no database or Redis URL). A missing runtime is a status in the
 * result, not a failed run.
 */
export async function measureRuntimes(
  result: Result,
  dataset: DatasetFile,
  options: StoredRunOptions,
  ctx: {
    workDir: string;
    formats?: string[];
    signal: AbortSignal;
    onResult: (e: FormatResult) => Promise<void>;
  },
): Promise<Result> {
  // Node's rows are saved while it measures, so the worker's result always has them: Node is listed too.
  const runtimes = [...new Set(["node" as const, ...(options.runtimes ?? [])])];
  // The preparation child wrote the dataset; the parent's side (input shapes, sizes, fidelity) needs its values.
  const data = deserialize(readFileSync(dataset.path)) as Dataset;
  const out = await addRuntimes(result, data, {
    runtimes,
    ...(ctx.formats ? { formats: ctx.formats } : {}),
    settings: options.quick ? quickSettings : defaultSettings,
    workDir: join(ctx.workDir, "runtimes"),
    signal: ctx.signal,
    env: childEnv(),
    // Counted under callgrind like Node's formats (docs/instructions.md "Other runtimes").
    ...(options.metric === "instructions" ? { instructions: {} } : {}),
    onFormatResult: (entry) => ctx.onResult(entry),
  });
  for (const f of out.formats) if (f.runtime === "node") await ctx.onResult(f);
  return out;
}
