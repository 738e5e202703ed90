import { formatBytes } from "@wirebench/contracts/units";
import { DataTable } from "@/components/data-table";
import type { MatrixRow, RuntimeCell, RuntimeMatrix } from "@/lib/runtime-matrix";
import { timingText } from "@/lib/timing-text";

/** A median, "pending" while a verified entry waits for its timing, "–" when it has none. */
const timed = (c: RuntimeCell, op: "encode" | "decode", pending: boolean) => {
  const t = c[op];
  return t ? timingText(t) : pending ? "pending" : "–";
};

/** One entry in its cell: bytes, encode and decode medians, and whether it round-tripped exactly. */
function Entry({ c, named, pending }: { c: RuntimeCell; named: boolean; pending: boolean }) {
  if (!c.ok)
    return (
      <div className="rt-entry" data-entry={c.key}>
        {named && <span className="muted small">{c.impl} </span>}
        <span className="bad">failed</span>
      </div>
    );
  return (
    <div className="rt-entry" data-entry={c.key}>
      {named && <span className="muted small">{c.impl} </span>}
      <strong data-testid="rt-bytes">{formatBytes(c.bytes)}</strong>{" "}
      <span className={c.exact ? "good" : "bad"}>{c.exact ? "exact" : `${c.issues} lossy`}</span>
      <br />
      <span className="small">
        enc {timed(c, "encode", pending)} · dec {timed(c, "decode", pending)}
      </span>
    </div>
  );
}

/**
 * Rows are format families, columns runtimes; a cell lists each implementation of the family in
 * that runtime (named when there are several, or when its name is not the family's), smallest first.
 */
export function RuntimeMatrixTable({ matrix, pending }: { matrix: RuntimeMatrix; pending: boolean }) {
  return (
    <DataTable<MatrixRow>
      testId="runtime-matrix"
      rows={matrix.rows}
      rowKey={(r) => r.format}
      rowProps={(r) => ({ "data-format": r.format })}
      columns={[
        { label: "format", cell: (r) => r.format },
        ...matrix.runtimes.map((runtime) => ({
          label: runtime,
          cell: (r: MatrixRow) => {
            const list = r.cells[runtime] ?? [];
            if (list.length === 0) return <span className="muted">–</span>;
            // One box per cell: on a phone the cell is a flex row of its label and its content.
            return (
              <div>
                {list.map((c) => (
                  <Entry key={c.key} c={c} named={list.length > 1 || c.impl !== r.format} pending={pending} />
                ))}
              </div>
            );
          },
        })),
      ]}
    />
  );
}
