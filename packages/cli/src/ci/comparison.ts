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
  /** The field paths whose bytes changed most (absent from older servers and results). */
  paths?: { path: string; base: number; current: number; delta: number }[];
}
/** A format that worked in the baseline and fails (error given) or is missing in the run. */
export interface LostFormat {
  key: string;
  watched: boolean;
  error?: string;
}
export interface Comparison {
  run: {
    id: string;
    url: string;
    status: string;
    branch: string | null;
    commit: string | null;
    pullRequest?: number | null;
    message?: string | null;
    /** The run's Result entries (the server sends the whole run view); only fidelity is read here. */
    formats?: {
      id?: string;
      format: string;
      variant: string;
      ok: boolean;
      fidelity?: {
        exact: boolean;
        issues: { kind: string; severity?: string }[];
        issueCount?: number;
        lossyCount?: number;
      };
    }[];
  };
  baseline: { id: string; url: string; branch: string | null; commit: string | null } | null;
  formats: FormatComparison[];
  /** Absent from servers older than these fields. */
  newlyFailing?: LostFormat[];
  missing?: LostFormat[];
  /** `size` and `time` carry their limit; `formats` (lost formats) has none. */
  checks: { name: string; limitPct: number | null; failing: string[]; pass: boolean }[];
  pass: boolean;
  note: string | null;
}
