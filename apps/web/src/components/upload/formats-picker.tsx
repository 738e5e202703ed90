import type { FormatChoice } from "@/lib/format-choices";

export interface FormatsPickerProps {
  formats: FormatChoice[];
  selected: Set<string>;
  onChange: (next: Set<string>) => void;
}

/** The format variants a run measures, all of them by default. */
export function FormatsPicker({ formats, selected, onChange }: FormatsPickerProps) {
  return (
    <fieldset className="formats-picker" data-testid="formats-picker">
      <legend>
        Formats ({selected.size} of {formats.length})
      </legend>
      <div className="row">
        <button type="button" onClick={() => onChange(new Set(formats.map((f) => f.id)))}>
          all
        </button>{" "}
        <button type="button" onClick={() => onChange(new Set())}>
          none
        </button>
      </div>
      <div className="formats-options">
        {formats.map((f) => (
          <label key={f.id} title={`${f.format}, ${f.variant}`}>
            <input
              type="checkbox"
              name="formats"
              value={f.id}
              checked={selected.has(f.id)}
              onChange={(e) => {
                const next = new Set(selected);
                if (e.target.checked) next.add(f.id);
                else next.delete(f.id);
                onChange(next);
              }}
            />{" "}
            {f.id} <span className="muted small">{f.variant}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
