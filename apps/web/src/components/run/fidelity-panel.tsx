import { issueSeverity } from "@wirebench/contracts/read-result";
import type { FormatEntry } from "./types";

type Issue = NonNullable<FormatEntry["fidelity"]>["issues"][number];

const shown = 50;

function IssueList({ issues, total }: { issues: Issue[]; total: number }) {
  return (
    <ul className="issues">
      {issues.slice(0, shown).map((i) => (
        <li key={`${i.path}:${i.kind}`}>
          <code>{i.path || "(root)"}</code> <strong>{i.kind}</strong> {i.detail}
        </li>
      ))}
      {total > Math.min(issues.length, shown) && <li>…and {total - Math.min(issues.length, shown)} more</li>}
    </ul>
  );
}

/**
 * Per format, each difference between the sample and decode(encode(sample)), by path and kind.
 * Lossy differences are the verdict; cosmetic ones (same values: key order, -0, number type) are
 * listed apart and never make a format "not exact".
 */
export function FidelityPanel({ entries }: { entries: FormatEntry[] }) {
  return (
    <section aria-label="Fidelity" data-testid="fidelity">
      <h3>Fidelity</h3>
      {entries.map((e) => {
        const key = e.id ?? (e.variant ? `${e.format}/${e.variant}` : e.format);
        if (!e.ok) {
          return (
            <details key={key}>
              <summary>
                {key}: <span className="bad">could not run</span>
              </summary>
              <p>{e.error}</p>
            </details>
          );
        }
        const issues = e.fidelity?.issues ?? [];
        const lossy = issues.filter((i) => issueSeverity(i) === "lossy");
        const cosmetic = issues.filter((i) => issueSeverity(i) === "cosmetic");
        const total = e.fidelity?.issueCount ?? issues.length;
        const lossyTotal = e.fidelity?.lossyCount ?? lossy.length + Math.max(0, total - issues.length);
        const cosmeticTotal = total - lossyTotal;
        return (
          <details key={key} open={lossy.length > 0 && lossy.length <= 5} data-testid={`fidelity-${key}`}>
            <summary>
              {key}:{" "}
              {lossyTotal === 0 ? (
                <span className="good">exact</span>
              ) : (
                <span className="bad">
                  {lossyTotal} lossy difference{lossyTotal === 1 ? "" : "s"}
                </span>
              )}
              {cosmeticTotal > 0 && <span className="muted"> · {cosmeticTotal} cosmetic (same values)</span>}
            </summary>
            {lossy.length > 0 && <IssueList issues={lossy} total={lossyTotal} />}
            {cosmetic.length > 0 && (
              <>
                <p className="muted">Cosmetic: the same values, presented otherwise.</p>
                <IssueList issues={cosmetic} total={cosmeticTotal} />
              </>
            )}
          </details>
        );
      })}
    </section>
  );
}
