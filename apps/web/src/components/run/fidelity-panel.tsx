import type { FormatEntry } from "./types";

/** Per format, each difference between the sample and decode(encode(sample)), by path and kind. */
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
        return (
          <details key={key} open={issues.length > 0 && issues.length <= 5}>
            <summary>
              {key}:{" "}
              {e.fidelity?.exact ? (
                <span className="good">exact</span>
              ) : (
                <span className="bad">{issues.length} difference(s)</span>
              )}
            </summary>
            {issues.length > 0 && (
              <ul className="issues">
                {issues.slice(0, 50).map((i) => (
                  <li key={`${i.path}:${i.kind}`}>
                    <code>{i.path || "(root)"}</code> <strong>{i.kind}</strong> {i.detail}
                  </li>
                ))}
                {issues.length > 50 && <li>…and {issues.length - 50} more</li>}
              </ul>
            )}
          </details>
        );
      })}
    </section>
  );
}
