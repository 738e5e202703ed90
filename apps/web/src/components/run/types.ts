import type { FormatResult, RunView } from "@wirebench/contracts";

/** The run as the page receives it: the contract's run view (tRPC `runs.get` sends it through it). */
export type RunData = RunView;
/** One Result JSON entry, as the contract declares it. */
export type FormatEntry = FormatResult;
