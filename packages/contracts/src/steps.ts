/**
 * The step vocabulary, once: the statuses a run goes through and the stages of each format within
 * it. Dependency-free (no zod) so the browser's client components import it as it is; the zod
 * enums in run/status.ts are built from these lists.
 */

/** A run's lifecycle; it ends in one of `terminalRunStatuses`. */
export const runStatuses = ["queued", "running", "completed", "failed", "canceled"] as const;
export type RunStatus = (typeof runStatuses)[number];

/** Statuses a run never leaves: clients stop polling, the sweepers may expire it. */
export const terminalRunStatuses = [
  "completed",
  "failed",
  "canceled",
] as const satisfies readonly RunStatus[];
export type TerminalRunStatus = (typeof terminalRunStatuses)[number];

export const isTerminalStatus = (status: string): status is TerminalRunStatus =>
  (terminalRunStatuses as readonly string[]).includes(status);

/**
 * The stages one format goes through in a run, in order, with the words the run page shows.
 * `finished`: the format's entry will not change any more (it counts as done in progress bars).
 */
export const formatStageTable = {
  queued: { label: "queued", finished: false },
  generating: { label: "generating code", finished: false },
  verifying: { label: "checking round trip", finished: false },
  measuring: { label: "measuring", finished: false },
  done: { label: "done", finished: true },
  failed: { label: "failed", finished: true },
} as const;
export type FormatStage = keyof typeof formatStageTable;
export const formatStages = Object.keys(formatStageTable) as [FormatStage, ...FormatStage[]];

/** The stages the codec engine reports; `queued` is set by the worker before the engine starts. */
export type ProgressPhase = Exclude<FormatStage, "queued">;

export const isFinishedStage = (stage: string): boolean =>
  stage in formatStageTable && formatStageTable[stage as FormatStage].finished;

/** The label the run page shows for a stage; an unknown stage (a newer worker) shows as written. */
export const stageLabel = (stage: string): string =>
  stage in formatStageTable ? formatStageTable[stage as FormatStage].label : stage;
