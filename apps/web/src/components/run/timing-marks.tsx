import type { Timing } from "@/lib/format-rows";
import { anyBudgetCut } from "@/lib/timing-text";

/** The legend of the marks `timingText` puts on a median, under every table that shows timings. */
export function TimingMarks({ timings }: { timings: (Timing | null)[] }) {
  return (
    <p className="muted small">
      ± marks a timing whose 95% confidence interval is wider than 10% of its median.
      {anyBudgetCut(timings) &&
        " † marks one whose samples the time budget cut (fewer samples, a wider interval); ‡ one timed once, as one call takes longer than the budget allows samples for."}
    </p>
  );
}
