import { type FormatResult, fidelityCounts, sizeSummaryEntries } from "@wirebench/contracts";
import { formatBytes } from "@wirebench/contracts/units";
import pc from "picocolors";

const smallestBy = (fs: FormatResult[], size: (f: FormatResult) => number) =>
  fs.reduce<FormatResult | undefined>((min, f) => (min && size(min) <= size(f) ? min : f), undefined);

/**
 * The size summary under the table compares each format's minimal standard encoding: a library
 * default that pads (msgpackr, cbor-x) gives way to its minimal variant when that ran, and says so.
 */
export function sizeLines(ok: FormatResult[]): string[] {
  const compared = sizeSummaryEntries(ok);
  const raw = smallestBy(compared, (f) => f.bytes);
  const zstd = smallestBy(compared, (f) => f.compressed.zstd);
  if (!raw || !zstd) return [];
  const lines = [
    `smallest: ${raw.id ?? raw.format} ${formatBytes(raw.bytes)}; with zstd: ${zstd.id ?? zstd.format} ${formatBytes(zstd.compressed.zstd)}`,
  ];
  const replaced = ok.flatMap((f) => {
    const minimal = ok.find((m) => f.minimalVariant && m.id === f.minimalVariant);
    return minimal && !compared.includes(f)
      ? [`${minimal.id} for ${f.id} (+${formatBytes(f.bytes - minimal.bytes)})`]
      : [];
  });
  if (replaced.length > 0)
    lines.push(
      pc.dim(
        `sizes compare each format's minimal encoding: ${replaced.join(", ")}; the library defaults write a 3-byte header for every object`,
      ),
    );
  return lines;
}

/** The headline under the table: only lossy formats "did not round-trip"; cosmetic-only ones apart. */
export function fidelityLines(ok: FormatResult[]): string[] {
  const lossy = ok.filter((f) => !fidelityCounts(f.fidelity).exact);
  const cosmetic = ok.filter((f) => {
    const c = fidelityCounts(f.fidelity);
    return c.exact && c.cosmetic > 0;
  });
  const ids = (fs: FormatResult[]) => fs.map((f) => f.id ?? f.format).join(", ");
  const lines: string[] = [];
  if (lossy.length > 0)
    lines.push(
      pc.yellow(
        `${lossy.length} format${lossy.length > 1 ? "s" : ""} did not round-trip the data exactly: ${ids(lossy)}`,
      ),
    );
  if (cosmetic.length > 0)
    lines.push(pc.dim(`cosmetic differences only (same values; e.g. key order): ${ids(cosmetic)}`));
  return lines;
}
