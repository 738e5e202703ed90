/** The comparison the server returns for `GET /api/v1/runs/{id}/comparison` (the parts the CLI reads). */
export interface Delta {
  base: number;
  current: number;
  deltaPct: number;
  significant?: boolean;
}
export interface FormatComparison {
  key: string;
  watched: boolean;
  pass: boolean;
  bytes: Delta | null;
  gzip: Delta | null;
  brotli: Delta | null;
  zstd: Delta | null;
  encode: Delta | null;
  decode: Delta | null;
}
export interface Comparison {
  run: { id: string; url: string; status: string; branch: string | null; commit: string | null };
  baseline: { id: string; url: string; branch: string | null; commit: string | null } | null;
  formats: FormatComparison[];
  checks: { name: string; limitPct: number; failing: string[]; pass: boolean }[];
  pass: boolean;
  note: string | null;
}
