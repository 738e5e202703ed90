/**
 * Reading Result JSON without zod (the web page's client code uses these): fidelity severities and
 * which entries a size summary compares. fidelity.ts builds the zod schema from the same lists.
 */

export const fidelityKinds = [
  "int64-precision",
  "float32-rounding",
  "null-vs-absent",
  "missing",
  "extra",
  "key-order",
  "bytes-as-base64",
  "bytes-changed",
  "date-shape",
  "enum-by-number",
  "enum-by-name",
  "number-type",
  "number-spelling",
  "type-changed",
  "value-changed",
  "truncated",
] as const;
export type FidelityKind = (typeof fidelityKinds)[number];

/**
 * `cosmetic`: the decoded data holds the same values and an application reading it by key or by
 * value sees no difference (object keys in another order, the same number as another JS type, `-0`
 * read back as `0`). `lossy`: a value, a type, a field or its presence changed.
 */
export const fidelitySeverities = ["lossy", "cosmetic"] as const;
export type FidelitySeverity = (typeof fidelitySeverities)[number];

const cosmeticKinds: ReadonlySet<FidelityKind> = new Set(["key-order", "number-type", "number-spelling"]);

/** The severity every issue of a kind has (also for results stored before issues carried one). */
export function severityOf(kind: FidelityKind): FidelitySeverity {
  return cosmeticKinds.has(kind) ? "cosmetic" : "lossy";
}

/** An issue's severity: its own, or its kind's for results stored before issues carried one. */
export function issueSeverity(i: { kind: string; severity?: string | undefined }): FidelitySeverity {
  if (i.severity === "lossy" || i.severity === "cosmetic") return i.severity;
  return (fidelityKinds as readonly string[]).includes(i.kind) ? severityOf(i.kind as FidelityKind) : "lossy";
}

/**
 * Lossy and cosmetic issue counts of a report, and whether it is exact (no lossy issue). Also reads
 * results stored before severities: issues past the kept ones are then counted as lossy, since
 * nobody can tell, and a kept report of cosmetic issues only is exact.
 */
export function fidelityCounts(f: {
  issues: { kind: string; severity?: string | undefined }[];
  issueCount?: number | undefined;
  lossyCount?: number | undefined;
}): { lossy: number; cosmetic: number; exact: boolean } {
  const total = f.issueCount ?? f.issues.length;
  const lossy =
    f.lossyCount ??
    f.issues.filter((i) => issueSeverity(i) === "lossy").length + Math.max(0, total - f.issues.length);
  return { lossy, cosmetic: total - lossy, exact: lossy === 0 };
}

/**
 * The formats a size summary compares: every format that ran, except a library default whose
 * minimal variant also ran (that one stands in for it). Works on stored results of any age.
 */
export function sizeSummaryEntries<T extends { ok: boolean; minimalVariant?: string | null | undefined }>(
  entries: T[],
  /** The registry id an entry goes by (the page's rows call it `key`). */
  idOf: (e: T) => string | undefined = (e) => (e as { id?: string }).id,
): T[] {
  const ran = new Set(entries.filter((e) => e.ok).map(idOf));
  return entries.filter((e) => e.ok && !(e.minimalVariant && ran.has(e.minimalVariant)));
}
