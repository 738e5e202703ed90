"use client";

import { isFinishedStage, stageLabel } from "@wirebench/contracts/steps";

/** One line per format with a fixed height, so the page does not jump while stages change. */
export function ProgressList({ progress }: { progress: Record<string, string> }) {
  const keys = Object.keys(progress).sort();
  if (keys.length === 0)
    return (
      <p className="muted" data-testid="progress-empty">
        Waiting for a worker…
      </p>
    );
  const done = keys.filter((k) => isFinishedStage(progress[k] ?? "")).length;
  return (
    <section aria-live="polite" aria-label="Progress" data-testid="progress">
      <p>
        {done} of {keys.length} formats finished
      </p>
      <progress max={keys.length} value={done} className="progress-bar" />
      <ul className="progress-list">
        {keys.map((k) => (
          <li key={k} data-stage={progress[k]}>
            <span className="progress-format">{k}</span>
            <span className="progress-stage">{stageLabel(progress[k] ?? "")}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
