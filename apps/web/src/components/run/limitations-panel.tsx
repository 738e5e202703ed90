import type { FormatEntry } from "./types";

type Limitation = { code: string; path: string; detail: string };

function LimitationList({ items }: { items: Limitation[] }) {
  return (
    <ul>
      {items.map((l) => (
        <li key={`${l.code} ${l.path}`}>
          <code>{l.code}</code> at <code>{l.path}</code>: {l.detail}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the user's schema lost on its way to each format, instead of being silently changed: the
 * importer's limitations (what the IR feeding the other formats cannot hold), each format's own,
 * and the identifiers an emitted schema had to rename. Nothing is shown when nothing was lost.
 */
export function LimitationsPanel({
  limitations,
  entries,
}: {
  limitations?: Limitation[] | null;
  entries: FormatEntry[];
}) {
  const formats = entries.filter((e) => (e.limitations?.length ?? 0) + (e.renames?.length ?? 0) > 0);
  if (!limitations?.length && formats.length === 0) return null;
  return (
    <section aria-label="Limitations" data-testid="limitations-panel">
      <h3>What each format cannot carry as written</h3>
      {limitations && limitations.length > 0 && (
        <details open>
          <summary>Your schema → the IR the other formats are built from ({limitations.length})</summary>
          <LimitationList items={limitations} />
        </details>
      )}
      {formats.map((e) => (
        <details key={e.id ?? `${e.format}/${e.variant}`}>
          <summary>
            {e.id ?? `${e.format}/${e.variant}`} ({e.limitations?.length ?? 0} limitations,{" "}
            {e.renames?.length ?? 0} renames)
          </summary>
          {e.limitations && e.limitations.length > 0 && <LimitationList items={e.limitations} />}
          {e.renames && e.renames.length > 0 && (
            <ul>
              {e.renames.map((r) => (
                <li key={`${r.kind} ${r.path} ${r.from}`}>
                  {r.kind}{" "}
                  <code>
                    {r.path}.{r.from}
                  </code>{" "}
                  → <code>{r.to}</code>
                </li>
              ))}
            </ul>
          )}
        </details>
      ))}
    </section>
  );
}
