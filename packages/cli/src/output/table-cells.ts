import {
  type FidelitySeverity,
  type FormatResult,
  fidelityCounts,
  issueSeverity,
  type Timing,
} from "@wirebench/contracts";
import { formatNs } from "@wirebench/contracts/units";
import pc from "picocolors";

/** Marks a timing whose warm-up hit its time bound unsettled; explained below the table. */
export const UNSETTLED = "~";
/** Marks a timing whose samples the time budget cut (and one timed call only, over the budget). */
export const BUDGET_BOUND = "†";
export const OVER_BUDGET = "‡";

/**
 * Median with the 95% CI half-width as ± percent; wide intervals (> 10%) are shown in yellow. A
 * narrow interval can still hide an unsettled JIT, so that gets its own mark.
 */
export function timing(t: Timing | null | undefined): string {
  if (!t) return pc.dim("-");
  const half = ((t.ciHighNs - t.ciLowNs) / 2 / t.medianNs) * 100;
  const ci = `±${half.toFixed(0)}%`;
  const mark =
    (t.overBudget ? pc.yellow(OVER_BUDGET) : t.budgetBound ? pc.yellow(BUDGET_BOUND) : "") +
    (t.warmupStable === false ? pc.yellow(UNSETTLED) : "");
  return `${mark}${formatNs(t.medianNs)} ${half > 10 ? pc.yellow(ci) : pc.dim(ci)}`;
}

const kindsOf = (f: FormatResult, severity: FidelitySeverity) =>
  [...new Set(f.fidelity.issues.filter((i) => issueSeverity(i) === severity).map((i) => i.kind))].join(", ");

/** Lossy issues are the verdict; cosmetic ones (key order, -0) follow dimmed, never in yellow. */
export function fidelity(f: FormatResult): string {
  const { lossy, cosmetic } = fidelityCounts(f.fidelity);
  const verdict =
    lossy === 0 ? pc.green("exact") : pc.yellow(`${lossy} lossy: ${kindsOf(f, "lossy") || "issues"}`);
  return cosmetic === 0
    ? verdict
    : `${verdict} ${pc.dim(`+${cosmetic} cosmetic: ${kindsOf(f, "cosmetic")}`)}`;
}
