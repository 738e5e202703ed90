import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultSettings, quickSettings } from "@wirebench/codecs";
import { type Result, type RuntimeId, runtimeIds } from "@wirebench/contracts";
import { addRuntimes } from "@wirebench/runtimes";

export { withMinimalVariants } from "@wirebench/runtimes";

import type { Dataset } from "@wirebench/schemas";
import { InvalidArgumentError } from "commander";
import pc from "picocolors";
import { formatRow } from "../output/format-rows.ts";

/** `--runtimes node,python,go,java,rust`: known names only, each once; a clear error otherwise. */
export function parseRuntimes(value: string): RuntimeId[] {
  const names = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) throw new InvalidArgumentError("--runtimes needs at least one runtime");
  for (const n of names)
    if (!(runtimeIds as readonly string[]).includes(n))
      throw new InvalidArgumentError(`unknown runtime "${n}"; one of ${runtimeIds.join(", ")}`);
  return [...new Set(names)] as RuntimeId[];
}

/**
 * The other runtimes after Node's comparison, one after another, with Node's settings (quick,
 * budget), each entry's row on stderr as it lands. A runtime without its toolchain is listed as
 * unavailable in the result, never an error.
 */
export function compareRuntimes(
  result: Result,
  dataset: Dataset,
  opts: {
    runtimes: RuntimeId[];
    formats?: string[];
    quick: boolean;
    budgetMs?: number;
    started: number;
    /** `--metric instructions`: each runtime's formats are counted under callgrind too. */
    countInstructions?: boolean;
  },
): Promise<Result> {
  return addRuntimes(result, dataset, {
    runtimes: opts.runtimes,
    ...(opts.formats ? { formats: opts.formats } : {}),
    settings: {
      ...(opts.quick ? quickSettings : defaultSettings),
      ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs } : {}),
    },
    workDir: mkdtempSync(join(tmpdir(), "wirebench-runtimes-")),
    ...(opts.countInstructions ? { instructions: {} } : {}),
    onStart: (id) => process.stderr.write(`${pc.dim("runtime")} ${id}\n`),
    onFormatResult: (entry, { final }) => {
      process.stderr.write(formatRow(entry, final, Date.now() - opts.started));
    },
  });
}
