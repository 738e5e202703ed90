export {
  type CorpusDocument,
  type CorpusEntry,
  type CorpusKind,
  dataDir,
  documentsOf,
  loadCorpus,
} from "./corpus.ts";
export { type FormatRule, formatRules, type MatchRule, ruleOf } from "./format-rules.ts";
export type { ConformanceRow, RowStatus } from "./judge-row.ts";
export { renderSummary, renderTable } from "./render-table.ts";
export { type ConformanceOptions, runConformance } from "./run-conformance.ts";
