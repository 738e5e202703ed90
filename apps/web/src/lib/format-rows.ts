import { fidelityCounts, sizeSummaryEntries } from "@wirebench/contracts/read-result";
import type { Timing as ContractTiming, FormatResult } from "@wirebench/contracts/result";

/**
 * The run page's rows: one per format entry of the Result JSON, with what the page shows of it.
 * Kept free of React so they are tested on their own.
 */

/** What the page reads of a timing (the budget flags say the run's time budget cut its samples). */
export type Timing = Pick<ContractTiming, "medianNs" | "ciLowNs" | "ciHighNs" | "budgetBound" | "overBudget">;

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

/** The fields of a Result JSON entry that the rows read. */
type RowEntry = Pick<
  FormatResult,
  | "id"
  | "format"
  | "variant"
  | "ok"
  | "bytes"
  | "compressed"
  | "encode"
  | "decode"
  | "fidelity"
  | "minimalVariant"
  | "sizes"
>;

export const rowKey = (format: string, variant: string) => (variant ? `${format}/${variant}` : format);

/** A failed format has no numbers to show, whatever placeholders its entry carries. */
export function toRows(entries: RowEntry[]): FormatRow[] {
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

/** A confidence interval wider than this share of its median is flagged as noisy on the page. */
export const noisyCiShare = 0.1;
export const isNoisy = (t: Timing | null) => !!t && (t.ciHighNs - t.ciLowNs) / t.medianNs > noisyCiShare;
