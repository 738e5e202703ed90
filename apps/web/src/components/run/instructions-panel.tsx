import { nsPerInstructionOf } from "@wirebench/contracts/instructions/estimate-time";
import type { FormatInstructions, RunInstructions } from "@wirebench/contracts/result";
import { formatCount, formatNs } from "@wirebench/contracts/units";
import type { FormatEntry } from "./types";

const OPS = ["encode", "decode", "access"] as const;
type Counted = FormatEntry & { instructions?: FormatInstructions | null };

/**
 * Instruction counts (runs with `metric: "instructions"`) beside wall time: what each is good for,
 * per operation the count, how far the fresh processes were apart, the time the count would take at
 * the run's average pace, and the measured median. Nothing when the run did not count.
 */
export function InstructionsPanel({
  entries,
  run,
}: {
  entries: Counted[];
  run: RunInstructions | undefined;
}) {
  const counted = entries.filter((e) => e.ok && e.instructions);
  if (!run && counted.length === 0) return null;
  if (run && !run.available)
    return (
      <section aria-label="Instruction counts" data-testid="instructions">
        <h3>Instruction counts</h3>
        <p className="muted">Unavailable: {run.reason}</p>
      </section>
    );
  const pace = nsPerInstructionOf(counted);
  return (
    <section aria-label="Instruction counts" data-testid="instructions">
      <h3>Instruction counts</h3>
      <p className="muted">
        Wall time is what callers wait for; it moves by tens of percent between processes on a shared machine.
        Instructions per call, counted under callgrind in {run?.processes ?? 2} fresh processes, repeat to a
        fraction of a permille, so a CI gate can catch a 1 % change. The estimate is the count at this run's
        average pace{pace ? ` (${(1 / pace).toFixed(2)} instructions/ns)` : ""}: a wall time well above it
        means the operation stalls on memory or branches more than the others.
      </p>
      <table>
        <thead>
          <tr>
            <th>format</th>
            <th>op</th>
            <th>instructions/call</th>
            <th>spread</th>
            <th>estimated</th>
            <th>wall (median)</th>
          </tr>
        </thead>
        <tbody>
          {counted.flatMap((e) =>
            OPS.flatMap((op) => {
              const c = e.instructions?.[op];
              if (!c) return [];
              const key = e.id ?? e.format;
              return [
                <tr key={`${key}-${op}`}>
                  <td>{key}</td>
                  <td>{op}</td>
                  <td>
                    {c.settled ? "" : "~"}
                    {formatCount(c.perOp)}
                  </td>
                  <td>
                    {(c.spread * 100).toFixed(3)}%{c.noisy ? " noisy" : ""}
                  </td>
                  <td>{pace ? formatNs(c.perOp * pace) : "–"}</td>
                  <td>{formatNs(e[op]?.medianNs)}</td>
                </tr>,
              ];
            }),
          )}
        </tbody>
      </table>
      {counted.some((e) => e.instructions?.error) && (
        <ul>
          {counted
            .filter((e) => e.instructions?.error)
            .map((e) => (
              <li key={e.id ?? e.format}>
                {e.id ?? e.format}: {e.instructions?.error}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
