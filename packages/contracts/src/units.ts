// Dependency-free on purpose: the browser bundle and the CLI both import this subpath, so a size or a
// time reads the same on the run page, in the compare table and in CI's Markdown.

/** What a value that was not measured (or does not apply) shows. */
export const notMeasured = "–";

/**
 * A size in SI units: kB = 1000 B, MB = 1000 kB (the Result JSON holds bytes). Below 10 kB the
 * exact count is shown, since the formats of a small message differ by a few bytes; a mean (bytes
 * per message) that is not whole keeps one decimal.
 */
export function formatBytes(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n)) return notMeasured;
  const size = Math.abs(n);
  if (size < 1e4) return `${Number.isInteger(n) ? n : n.toFixed(1)} B`;
  if (size < 1e6) return `${(n / 1e3).toFixed(1)} kB`;
  if (size < 1e9) return `${(n / 1e6).toFixed(2)} MB`;
  return `${(n / 1e9).toFixed(2)} GB`;
}

/** A duration given in nanoseconds (as every timing in the Result JSON is), in ns, µs, ms or s. */
export function formatNs(ns: number | null | undefined): string {
  if (ns == null || !Number.isFinite(ns)) return notMeasured;
  const t = Math.abs(ns);
  if (t < 1e3) return `${ns.toFixed(0)} ns`;
  if (t < 1e6) return `${(ns / 1e3).toFixed(1)} µs`;
  if (t < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}

/** A count rounded to a whole number with thousands separators (`1,234,567`); unbounded is `∞`. */
export function formatCount(n: number | null | undefined): string {
  if (n == null || Number.isNaN(n)) return notMeasured;
  if (!Number.isFinite(n)) return n > 0 ? "∞" : "−∞";
  return Math.round(n).toLocaleString("en-US");
}
