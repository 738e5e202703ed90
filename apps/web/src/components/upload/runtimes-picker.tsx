import type { RuntimeId } from "@wirebench/contracts";

export interface RuntimesPickerProps {
  /** Every runtime a run may name (`runtimeIds` of the contract), Node first. */
  runtimes: readonly RuntimeId[];
  selected: ReadonlySet<RuntimeId>;
  onChange: (next: Set<RuntimeId>) => void;
}

/**
 * The runtimes a run measures in (`options.runtimes`, docs/polyglot.md): Node alone by default.
 * Another runtime starts its own processes and warms up its own JIT for every format, so it adds
 * to the run's time; one whose toolchain the server lacks is reported unavailable, not failed.
 */
export function RuntimesPicker({ runtimes, selected, onChange }: RuntimesPickerProps) {
  return (
    <fieldset className="formats-picker" data-testid="runtimes-picker">
      <legend>Runtimes</legend>
      <div className="row">
        {runtimes.map((r) => (
          <label key={r}>
            <input
              type="checkbox"
              name="runtimes"
              value={r}
              checked={selected.has(r)}
              onChange={(e) => {
                const next = new Set(selected);
                if (e.target.checked) next.add(r);
                else next.delete(r);
                onChange(next);
              }}
            />{" "}
            {r}
          </label>
        ))}
      </div>
      <p className="muted small" data-testid="runtimes-note">
        Each runtime beyond Node measures every format again with its own libraries, in processes of its own:
        a run takes longer for every runtime added (Java most, as its JIT warms up).
      </p>
    </fieldset>
  );
}
