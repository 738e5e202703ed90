/** Where a format's bytes go, as the Result JSON gives it (`formats[].attribution`). */
export interface AttributionEntry {
  path: string;
  bytes: number;
}

export interface AttributedFormat {
  key: string;
  bytes: number;
  attribution: AttributionEntry[];
}

/** Structural entries are in parentheses: `(keys)`, `(tags)`, `(lengths)`, … */
export const isStructural = (path: string) => path.startsWith("(");

/** The formats that carry an attribution (walked or not), in the order given. */
export function attributedFormats(
  entries: {
    id?: string;
    format: string;
    ok: boolean;
    bytes?: number | null;
    attribution?: AttributionEntry[] | null;
  }[],
): AttributedFormat[] {
  return entries.flatMap((e) =>
    e.ok && e.attribution?.length
      ? [{ key: e.id ?? e.format, bytes: e.bytes ?? 0, attribution: e.attribution }]
      : [],
  );
}

/** Field paths that were walked in a format (an `(unattributed)` format has none). */
const fieldsOf = (f: AttributedFormat) => f.attribution.filter((e) => !isStructural(e.path));

/**
 * The fields that cost most in every format: ranked by their worst rank across the formats that
 * were walked (a field first in one format and fifth in another ranks fifth), then by bytes.
 * `everywhere` names the field that is the costliest in every walked format, when one is.
 */
export function costliestFields(
  formats: AttributedFormat[],
  top = 5,
): { fields: { path: string; worstRank: number; bytes: Record<string, number> }[]; everywhere?: string } {
  const walked = formats.filter((f) => fieldsOf(f).length > 0);
  if (walked.length === 0) return { fields: [] };
  const ranks = new Map<string, { worstRank: number; bytes: Record<string, number> }>();
  for (const f of walked) {
    const fields = [...fieldsOf(f)].sort((a, b) => b.bytes - a.bytes);
    fields.forEach((e, i) => {
      const r = ranks.get(e.path) ?? { worstRank: 0, bytes: {} };
      r.worstRank = Math.max(r.worstRank, i + 1);
      r.bytes[f.key] = e.bytes;
      ranks.set(e.path, r);
    });
  }
  const total = (b: Record<string, number>) => Object.values(b).reduce((n, x) => n + x, 0);
  const fields = [...ranks]
    .filter(([, r]) => Object.keys(r.bytes).length === walked.length)
    .map(([path, r]) => ({ path, ...r }))
    .sort((a, b) => a.worstRank - b.worstRank || total(b.bytes) - total(a.bytes))
    .slice(0, top);
  const first = fields[0];
  return first?.worstRank === 1 ? { fields, everywhere: first.path } : { fields };
}

/** Series of the stacked bar: the largest fields over all formats, the rest of the fields, then each structural entry. */
export function stackSeries(formats: AttributedFormat[], topFields = 6): string[] {
  const totals = new Map<string, number>();
  for (const f of formats)
    for (const e of f.attribution) totals.set(e.path, (totals.get(e.path) ?? 0) + e.bytes);
  const byBytes = [...totals].sort((a, b) => b[1] - a[1]).map(([p]) => p);
  const fields = byBytes.filter((p) => !isStructural(p));
  const kept = fields.slice(0, topFields);
  const rest = fields.length > topFields ? ["other fields"] : [];
  return [...kept, ...rest, ...byBytes.filter(isStructural)];
}

/** One row per format for the stacked bar: bytes per series, adding up to the format's bytes. */
export function stackRows(formats: AttributedFormat[], series: string[]): Record<string, number | string>[] {
  const named = new Set(series);
  return formats.map((f) => {
    const row: Record<string, number | string> = { key: f.key };
    for (const s of series) row[s] = 0;
    for (const e of f.attribution) {
      const s = named.has(e.path) ? e.path : "other fields";
      row[s] = (Number(row[s]) || 0) + e.bytes;
    }
    return row;
  });
}

/** Every path of every format (rows) with its bytes per format (columns), for the sortable table. */
export function pathTable(formats: AttributedFormat[]): { path: string; bytes: Record<string, number> }[] {
  const rows = new Map<string, Record<string, number>>();
  for (const f of formats)
    for (const e of f.attribution) {
      const row = rows.get(e.path) ?? {};
      row[f.key] = e.bytes;
      rows.set(e.path, row);
    }
  return [...rows].map(([path, bytes]) => ({ path, bytes }));
}
