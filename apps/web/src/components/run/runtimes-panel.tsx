import { formatBytes, formatCount, formatNs } from "@wirebench/contracts/units";
import { DataTable } from "@/components/data-table";
import {
  bestPerRuntime,
  type RuntimeBest,
  roundTripNs,
  runtimeMatrix,
  type SameBytesRow,
  sameBytesRows,
  unavailableRuntimes,
} from "@/lib/runtime-matrix";
import { RuntimeMatrixTable } from "./runtime-matrix-table";
import { TimingMarks } from "./timing-marks";
import type { RunData } from "./types";

const verdict = (c: { exact: boolean; issues: number }) => (c.exact ? "" : ` (${c.issues} lossy)`);

function BestTable({ rows, pending }: { rows: RuntimeBest[]; pending: boolean }) {
  return (
    <DataTable<RuntimeBest>
      testId="runtime-best"
      rows={rows}
      rowKey={(r) => r.runtime}
      rowProps={(r) => ({ "data-runtime": r.runtime })}
      columns={[
        { label: "runtime", cell: (r) => r.runtime },
        {
          label: "smallest",
          cell: (r) =>
            r.smallest ? `${r.smallest.key} · ${formatBytes(r.smallest.bytes)}${verdict(r.smallest)}` : "–",
        },
        {
          label: "fastest encode + decode",
          cell: (r) =>
            r.fastest && !(pending && r.untimed > 0)
              ? `${r.fastest.key} · ${formatNs(roundTripNs(r.fastest))}${verdict(r.fastest)}`
              : pending && r.untimed > 0
                ? "timings pending"
                : "–",
        },
      ]}
    />
  );
}

/** -1 (crossRuntimeBytes): the first messages agree and a later message differs. */
const differenceText = (d: SameBytesRow["different"][number]) =>
  `${d.id} (${formatBytes(d.bytes)}, ${
    d.firstDifferenceAt < 0
      ? "the first message is the same, a later one differs"
      : `first differs at byte ${formatCount(d.firstDifferenceAt)}`
  })`;

function SameBytesTable({ rows }: { rows: SameBytesRow[] }) {
  return (
    <DataTable<SameBytesRow>
      testId="runtime-same-bytes"
      rows={rows}
      // A family compared with two Node variants (thrift-binary, thrift-compact) has a row for each.
      rowKey={(r) => `${r.format} ${r.reference}`}
      rowProps={(r) => ({ "data-format": r.format })}
      columns={[
        { label: "format", cell: (r) => r.format },
        {
          label: "same bytes?",
          cell: (r) => <span className={r.allSame ? "good" : "bad"}>{r.allSame ? "yes" : "no"}</span>,
        },
        { label: "reference", cell: (r) => r.reference },
        { label: "same", cell: (r) => r.same.join(", ") || "–" },
        { label: "different", cell: (r) => r.different.map(differenceText).join("; ") || "–" },
      ]}
    />
  );
}

/**
 * The same data measured in several runtimes (docs/polyglot.md): the format × runtime matrix, the
 * best format of each runtime, whether every runtime writes the same bytes, and the runtimes that
 * could not measure. Sizes show as soon as an entry is verified; timings, the fastest format and
 * the byte comparison fill in as the run finishes.
 */
export function RuntimesPanel({ run, pending }: { run: RunData; pending: boolean }) {
  const matrix = runtimeMatrix(run.formats, run.runtimes);
  const unavailable = unavailableRuntimes(run.runtimes);
  const same = sameBytesRows(run.crossRuntime);
  const versions = (run.runtimes ?? []).filter((s) => s.available && s.version);
  return (
    <section aria-label="Runtimes" data-testid="runtimes-panel">
      <h3>Runtimes</h3>
      <p className="muted small">
        Each format measured with the library that runtime&apos;s users pick, on the same messages; a cell
        shows the bytes of the whole dataset, the encode and decode medians of one message, and whether the
        round trip was exact.
        {versions.length > 0 && ` Versions: ${versions.map((s) => `${s.runtime} ${s.version}`).join(", ")}.`}
      </p>
      {matrix.rows.length > 0 && <RuntimeMatrixTable matrix={matrix} pending={pending} />}
      <TimingMarks
        timings={matrix.rows
          .flatMap((r) => Object.values(r.cells).flat())
          .flatMap((c) => [c.encode, c.decode])}
      />
      {matrix.runtimes.length > 0 && (
        <>
          <h4>Best per runtime</h4>
          <BestTable rows={bestPerRuntime(matrix)} pending={pending} />
        </>
      )}
      <h4>Same bytes in every runtime?</h4>
      {same.length > 0 ? (
        <SameBytesTable rows={same} />
      ) : (
        <p className="muted" data-testid="runtime-same-bytes-none">
          {pending
            ? "Compared once every runtime has measured."
            : "No format was measured in two or more runtimes."}
        </p>
      )}
      {unavailable.length > 0 && (
        <>
          <h4>Unavailable</h4>
          <ul data-testid="runtime-unavailable">
            {unavailable.map((u) => (
              <li key={u.runtime} data-runtime={u.runtime}>
                <strong>{u.runtime}</strong>: {u.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
