import { type CostEstimate, estimateCost, type NetworkModel } from "@wirebench/contracts/cost-model";
import { fidelityCounts, sizeSummaryEntries } from "@wirebench/contracts/read-result";

/**
 * Pure calculations behind the run page: who is best, the size/speed Pareto frontier, and the
 * network cost model. Kept free of React so they are tested on their own.
 */

export interface Timing {
  medianNs: number;
  ciLowNs: number;
  ciHighNs: number;
  /** The run's time budget cut this operation's samples (Result JSON `budgetBound`). */
  budgetBound?: boolean;
  /** One timed call only: even the floor of samples did not fit the budget. */
  overBudget?: boolean;
}

export interface FormatRow {
  key: string;
  format: string;
  variant: string;
  ok: boolean;
  bytes: number | null;
  gzip: number | null;
  brotli: number | null;
  zstd: number | null;
  encode: Timing | null;
  decode: Timing | null;
  /** No lossy fidelity issue (cosmetic ones, such as key order, may remain). */
  exact: boolean;
  /** Lossy fidelity issues found. */
  issues: number;
  /** Cosmetic fidelity issues found (same values, e.g. keys in another order). */
  cosmetic: number;
  /** On a library default that pads (msgpackr, cbor-x), the id of its minimal variant; else null. */
  minimalVariant: string | null;
  /** Mean bytes of one message, raw and each compressed on its own; null in older results. */
  perMessage: MessageSizes | null;
  /** Mean ms to compress one message and to decompress it, per compressor; null in older results. */
  compressionMs: { compress: CompressorMs; decompress: CompressorMs } | null;
}

export type Compression = "raw" | "gzip" | "brotli" | "zstd";
export type MessageSizes = Record<Compression, number>;
export type CompressorMs = Record<Exclude<Compression, "raw">, number>;

interface RawEntry {
  /** Registry id (e.g. `msgpackr-records`): the short name rows go by. */
  id?: string;
  format: string;
  variant: string;
  ok: boolean;
  bytes?: number | null;
  compressed?: { gzip?: number; brotli?: number; zstd?: number } | null;
  encode?: Timing | null;
  decode?: Timing | null;
  fidelity?: {
    exact: boolean;
    issues: { kind: string; severity?: string | undefined }[];
    issueCount?: number | undefined;
    lossyCount?: number | undefined;
  } | null;
  minimalVariant?: string | null;
  sizes?: {
    perMessage?: MessageSizes;
    perMessageCompressMs?: CompressorMs;
    perMessageDecompressMs?: CompressorMs;
  } | null;
}

export const rowKey = (format: string, variant: string) => (variant ? `${format}/${variant}` : format);

/** A failed format has no numbers to show, whatever placeholders its entry carries. */
export function toRows(entries: RawEntry[]): FormatRow[] {
  return entries
    .map((e) => (e.ok ? e : { ...e, bytes: null, compressed: null, encode: null, decode: null, sizes: null }))
    .map((e) => {
      const counts = e.fidelity ? fidelityCounts(e.fidelity) : { exact: false, lossy: 0, cosmetic: 0 };
      return {
        key: e.id ?? rowKey(e.format, e.variant),
        format: e.format,
        variant: e.variant,
        ok: e.ok,
        bytes: e.bytes ?? null,
        gzip: e.compressed?.gzip ?? null,
        brotli: e.compressed?.brotli ?? null,
        zstd: e.compressed?.zstd ?? null,
        encode: e.encode ?? null,
        decode: e.decode ?? null,
        exact: counts.exact,
        issues: counts.lossy,
        cosmetic: counts.cosmetic,
        minimalVariant: e.minimalVariant ?? null,
        perMessage: e.sizes?.perMessage ?? null,
        compressionMs:
          e.sizes?.perMessageCompressMs && e.sizes.perMessageDecompressMs
            ? { compress: e.sizes.perMessageCompressMs, decompress: e.sizes.perMessageDecompressMs }
            : null,
      };
    });
}

/**
 * The rows size figures compare: each format's minimal standard encoding, so a library default that
 * pads (msgpackr, cbor-x) gives way to its minimal variant when that ran. `replaced` lists the
 * defaults set aside, with the variant standing in, for the page to say so.
 */
export function sizeSummaryRows(rows: FormatRow[]): {
  rows: FormatRow[];
  replaced: { row: FormatRow; minimal: FormatRow }[];
} {
  const kept = sizeSummaryEntries(rows, (r) => r.key);
  const replaced = rows.flatMap((row) => {
    const minimal = rows.find((m) => m.key === row.minimalVariant);
    return row.ok && minimal && !kept.includes(row) ? [{ row, minimal }] : [];
  });
  return { rows: kept, replaced };
}

/** The row with the smallest value of `pick` among rows that have one. */
export function best<T>(rows: T[], pick: (r: T) => number | null | undefined): T | undefined {
  let winner: T | undefined;
  let min = Number.POSITIVE_INFINITY;
  for (const r of rows) {
    const v = pick(r);
    if (v != null && v < min) {
      min = v;
      winner = r;
    }
  }
  return winner;
}

/**
 * Rows no other row beats on both size and decode time (smaller is better on both axes), sorted by
 * size: the formats worth considering; every other one is worse on both counts than some frontier row.
 */
export function paretoFrontier<T>(rows: T[], x: (r: T) => number, y: (r: T) => number): T[] {
  const sorted = [...rows].sort((a, b) => x(a) - x(b) || y(a) - y(b));
  const frontier: T[] = [];
  let bestY = Number.POSITIVE_INFINITY;
  for (const r of sorted) {
    if (y(r) < bestY) {
      frontier.push(r);
      bestY = y(r);
    }
  }
  return frontier;
}

// The model's maths is shared with the CLI and transport runs (their predictions beside measurements).
export {
  type CostEstimate,
  defaultNetwork,
  estimateCost,
  type NetworkModel,
} from "@wirebench/contracts/cost-model";

/**
 * Bytes one message puts on the wire. Timings are per message, so the size must be too: the
 * dataset total (`bytes`) would charge a 1,000-record sample's transfer to every single message.
 * Results recorded before per-message sizes existed fall back to the total, which is exact for
 * one-message samples.
 */
export function messageBytes(row: FormatRow, compression: Compression = "raw"): number | null {
  if (row.perMessage) return row.perMessage[compression];
  return compression === "raw" ? row.bytes : row[compression];
}

export interface CostRow extends CostEstimate {
  key: string;
  messageBytes: number;
  /**
   * The compress + decompress time counted in `cpuMs`: 0 uncompressed, null when the result was
   * recorded before compression was timed (then only the size reflects the compression).
   */
  compressionMs: number | null;
}

/** Compressing and decompressing one message of this row, or null when not measured. */
function compressionCost(row: FormatRow, compression: Compression): number | null {
  if (compression === "raw") return 0;
  if (!row.compressionMs) return null;
  return row.compressionMs.compress[compression] + row.compressionMs.decompress[compression];
}

/** The cost estimate of every measured format, quickest per message first. */
export function costRows(rows: FormatRow[], net: NetworkModel, compression: Compression = "raw"): CostRow[] {
  return rows
    .flatMap((r) => {
      const size = messageBytes(r, compression);
      if (!r.ok || size == null || !r.encode || !r.decode) return [];
      const compressionMs = compressionCost(r, compression);
      return [
        {
          key: r.key,
          messageBytes: size,
          compressionMs,
          ...estimateCost(size, r.encode.medianNs, r.decode.medianNs, net, compressionMs ?? 0),
        },
      ];
    })
    .sort((a, b) => a.perMessageMs - b.perMessageMs);
}

/** A confidence interval wider than this share of its median is flagged as noisy on the page. */
export const noisyCiShare = 0.1;
export const isNoisy = (t: Timing | null) => !!t && (t.ciHighNs - t.ciLowNs) / t.medianNs > noisyCiShare;

export function formatBytes(n: number | null): string {
  if (n == null) return "–";
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

export function formatNs(ns: number | null | undefined): string {
  if (ns == null) return "–";
  if (ns < 1_000) return `${ns.toFixed(0)} ns`;
  if (ns < 1_000_000) return `${(ns / 1_000).toFixed(1)} µs`;
  if (ns < 1_000_000_000) return `${(ns / 1_000_000).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}
