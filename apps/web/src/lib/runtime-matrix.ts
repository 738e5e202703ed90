import type { CrossRuntimeBytes, FormatResult, RuntimeStatus } from "@wirebench/contracts/result";
import { type FormatRow, toRows } from "./format-rows";
import { best } from "./rank-rows";

/**
 * The polyglot view of a run (docs/polyglot.md): its entries as a format family × runtime matrix,
 * the best format of each runtime, and which runtimes could not measure. Kept free of React so it
 * is tested on its own; the numbers of each entry are the run page's rows (`toRows`).
 */

/** The runtimes in the contract's order (`runtimeIds`, which a test compares), so columns read the same in every run. */
export const runtimeOrder = ["node", "python", "go", "java", "rust"];

/** One entry in its matrix cell: the page's row plus where it ran and which implementation it is. */
export interface RuntimeCell extends FormatRow {
  runtime: string;
  /** The implementation within the runtime: the id without its `@<runtime>` suffix (`fastavro`). */
  impl: string;
}

export interface MatrixRow {
  /** The format family shared across runtimes (`protobuf`, `msgpack`, …). */
  format: string;
  /** Runtime → its entries of this family, smallest first (failed ones last); absent when none ran. */
  cells: Record<string, RuntimeCell[]>;
}

export interface RuntimeMatrix {
  /** Columns: every runtime with an entry or reported available, in the contract's order. */
  runtimes: string[];
  /** One row per format family, alphabetical. */
  rows: MatrixRow[];
}

type Entry = Pick<FormatResult, "runtime"> & Parameters<typeof toRows>[0][number];

/** Where an entry ran: an entry without `runtime` is Node's, as in every result before polyglot. */
export const runtimeOf = (e: { runtime?: string | undefined }) => e.runtime ?? "node";

/** Whether a run has anything to show in the runtimes view: entries that say where they ran, or runtimes asked for. */
export const isPolyglot = (run: { formats: { runtime?: string | undefined }[]; runtimes?: unknown[] }) =>
  run.formats.some((e) => e.runtime !== undefined) || (run.runtimes?.length ?? 0) > 0;

const byRuntime = (a: string, b: string) =>
  (runtimeOrder.indexOf(a) + 1 || 99) - (runtimeOrder.indexOf(b) + 1 || 99) || a.localeCompare(b);

export function runtimeCells(entries: Entry[]): RuntimeCell[] {
  const rows = toRows(entries);
  return entries.map((e, i) => {
    const runtime = runtimeOf(e);
    const key = rows[i]!.key;
    const impl = key.endsWith(`@${runtime}`) ? key.slice(0, -runtime.length - 1) : key;
    return { ...rows[i]!, runtime, impl };
  });
}

/** Groups entries by format family (rows) and runtime (columns). */
export function runtimeMatrix(entries: Entry[], statuses: RuntimeStatus[] = []): RuntimeMatrix {
  const cells = runtimeCells(entries);
  const runtimes = new Set([
    ...cells.map((c) => c.runtime),
    ...statuses.filter((s) => s.available).map((s) => s.runtime),
  ]);
  const families = [...new Set(cells.map((c) => c.format))].sort((a, b) => a.localeCompare(b));
  const rows = families.map((format) => {
    const family = cells.filter((c) => c.format === format);
    const inRuntime = (runtime: string) => family.filter((c) => c.runtime === runtime).sort(smallestFirst);
    const present = [...new Set(family.map((c) => c.runtime))];
    return { format, cells: Object.fromEntries(present.map((r) => [r, inRuntime(r)])) };
  });
  return { runtimes: [...runtimes].sort(byRuntime), rows };
}

const smallestFirst = (a: FormatRow, b: FormatRow) =>
  (a.bytes ?? Number.POSITIVE_INFINITY) - (b.bytes ?? Number.POSITIVE_INFINITY) || a.key.localeCompare(b.key);

/** Encode plus decode median of one message, or null until both are timed. */
export const roundTripNs = (c: FormatRow) =>
  c.encode && c.decode ? c.encode.medianNs + c.decode.medianNs : null;

export interface RuntimeBest {
  runtime: string;
  /** Fewest bytes among the entries that worked. */
  smallest: RuntimeCell | undefined;
  /** Smallest encode + decode median among the entries timed so far. */
  fastest: RuntimeCell | undefined;
  /** Entries that worked but are not timed yet: a "fastest" is provisional while any remain. */
  untimed: number;
}

/** Per runtime (the matrix's columns), its smallest and its fastest format. */
export function bestPerRuntime(matrix: RuntimeMatrix): RuntimeBest[] {
  return matrix.runtimes.map((runtime) => {
    const ok = matrix.rows.flatMap((r) => r.cells[runtime] ?? []).filter((c) => c.ok);
    return {
      runtime,
      smallest: best(ok, (c) => c.bytes),
      fastest: best(ok, roundTripNs),
      untimed: ok.filter((c) => roundTripNs(c) === null).length,
    };
  });
}

/** The runtimes asked for that could not measure, each with its reason. */
export const unavailableRuntimes = (statuses: RuntimeStatus[] = []) =>
  statuses
    .filter((s) => !s.available)
    .map((s) => ({ runtime: s.runtime, reason: s.reason ?? "no reason given" }))
    .sort((a, b) => byRuntime(a.runtime, b.runtime));

/** One row of "same bytes in every runtime?": the verdict and the entries on each side. */
export interface SameBytesRow {
  format: string;
  reference: string;
  same: string[];
  different: CrossRuntimeBytes["different"];
  allSame: boolean;
}

/** The cross-runtime byte comparison by family (alphabetical); `same` lists the entries beside the reference. */
export const sameBytesRows = (cross: CrossRuntimeBytes[] = []): SameBytesRow[] =>
  [...cross]
    .sort((a, b) => a.format.localeCompare(b.format))
    .map((c) => ({
      format: c.format,
      reference: c.reference,
      same: c.same.filter((id) => id !== c.reference),
      different: c.different,
      allSame: c.different.length === 0,
    }));
