import { formatNs } from "@wirebench/contracts/units";
import { isNoisy, type Timing } from "./format-rows";

/** The mark of a timing the time budget cut (†), or timed once because one call exceeds it (‡). */
export const budgetMark = (t: Timing | null) => (t?.overBudget ? "‡" : t?.budgetBound ? "†" : "");

/**
 * A median as every table of the page shows it: the budget's mark, the time, and ± when its 95%
 * confidence interval is wider than 10% of it (`isNoisy`).
 */
export const timingText = (t: Timing) => `${budgetMark(t)}${formatNs(t.medianNs)}${isNoisy(t) ? " ±" : ""}`;

/** Whether any of these timings was cut by the budget, so the page explains † and ‡. */
export const anyBudgetCut = (timings: (Timing | null)[]) => timings.some((t) => t?.budgetBound);
