import type { FormatRow } from "@/lib/format-rows";
import { isPolyglot } from "@/lib/runtime-matrix";
import { AttributionPanel } from "./attribution-panel";
import { BytesPanel } from "./bytes-panel";
import { CostModel } from "./cost-model";
import { EnvironmentPanel } from "./environment-panel";
import { FidelityPanel } from "./fidelity-panel";
import { LimitationsPanel } from "./limitations-panel";
import { ParetoChart } from "./pareto-chart";
import { ResultsTable } from "./results-table";
import { RunSizeChart } from "./run-size-chart";
import { RuntimesPanel } from "./runtimes-panel";
import { SchemaPanel } from "./schema-panel";
import { ShippedPanel } from "./shipped-panel";
import { Summary } from "./summary";
import { SweepPanel } from "./sweep-panel";
import { TimingChart } from "./timing-chart";
import type { RunData } from "./types";

/** Formats whose sizes are known: verified (bytes counted), whether or not their timings came yet. */
export const sizedRows = (rows: FormatRow[]) => rows.filter((r) => r.ok && r.bytes != null);

/**
 * The numbers of a run. Sizes and fidelity are exact and known the moment a format is verified, so
 * while the run goes on (`pending`) the summary, size chart, table, fidelity and byte views show
 * them, with timings marked pending; what needs every timing (timing chart, Pareto chart, cost
 * model) waits for the completed run.
 */
export function RunResults({ run, rows, pending }: { run: RunData; rows: FormatRow[]; pending: boolean }) {
  const entries = run.formats;
  const timedCount = rows.filter((r) => r.ok && r.encode != null).length;
  return (
    <>
      {pending && (
        <p className="muted" role="status" data-testid="timings-pending">
          Sizes and fidelity of {sizedRows(rows).length} of{" "}
          {Math.max(rows.length, Object.keys(run.progress).length)} formats are known; timings pending (
          {timedCount} timed so far). The figures below fill in as formats finish.
        </p>
      )}
      <Summary rows={rows} pending={pending} />
      {isPolyglot(run) && <RuntimesPanel run={run} pending={pending} />}
      <div className="grid">
        <RunSizeChart rows={rows} />
        {!pending && <TimingChart rows={rows} />}
      </div>
      {!pending && <ParetoChart rows={rows} />}
      <ShippedPanel entries={entries} />
      {!pending && <CostModel rows={rows} entries={entries} />}
      {!pending && <SweepPanel sweep={run.sweep} />}
      <ResultsTable rows={rows} pending={pending} />
      <AttributionPanel entries={entries} />
      <FidelityPanel entries={entries} />
      <BytesPanel entries={entries} />
      {!pending && <LimitationsPanel limitations={run.limitations} entries={entries} />}
      {!pending && <SchemaPanel schema={run.schema} entries={entries} />}
      {!pending && <EnvironmentPanel environment={run.environment} />}
    </>
  );
}
