import { nsPerInstructionOf } from "@wirebench/contracts/instructions/estimate-time";
import type { FormatInstructions, RunInstructions } from "@wirebench/contracts/result";
import { formatCount, formatNs } from "@wirebench/contracts/units";
import { DataTable } from "@/components/data-table";
import type { FormatEntry } from "./types";

const OPS = ["encode", "decode", "access"] as const;
type Counted = FormatEntry & { instructions?: FormatInstructions | null };
type OpCount = NonNullable<FormatInstructions["encode"]>;
/** One operation's count of one format, beside its wall-clock median. */
type CountRow = { key: string; op: (typeof OPS)[number]; count: OpCount; wallNs: number | undefined };

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
      <DataTable<CountRow>
        testId="instructions-table"
        rows={counted.flatMap((e) =>
          OPS.flatMap((op) => {
            const c = e.instructions?.[op];
            return c ? [{ key: e.id ?? e.format, op, count: c, wallNs: e[op]?.medianNs }] : [];
          }),
        )}
        rowKey={(r) => `${r.key}-${r.op}`}
        columns={[
          { label: "format", cell: (r) => r.key },
          { label: "op", cell: (r) => r.op },
          {
            label: "instructions/call",
            cell: (r) => `${r.count.settled ? "" : "~"}${formatCount(r.count.perOp)}`,
          },
          {
            label: "spread",
            cell: (r) => `${(r.count.spread * 100).toFixed(3)}%${r.count.noisy ? " noisy" : ""}`,
          },
          { label: "estimated", cell: (r) => (pace ? formatNs(r.count.perOp * pace) : "–") },
          { label: "wall (median)", cell: (r) => formatNs(r.wallNs) },
        ]}
      />
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
