import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultSettings, quickSettings } from "@wirebench/codecs";
import type { Result, RuntimeId } from "@wirebench/contracts";
import { addRuntimes } from "@wirebench/runtimes";
import type { Dataset } from "@wirebench/schemas";
import pc from "picocolors";
import { countsRow, formatRow } from "../output/format-rows.ts";

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
    onFormatResult: (entry, { final, counted }) => {
      const elapsedMs = Date.now() - opts.started;
      process.stderr.write(counted ? countsRow(entry, elapsedMs) : formatRow(entry, final, elapsedMs));
    },
  });
}
