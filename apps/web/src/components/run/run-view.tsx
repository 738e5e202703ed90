"use client";

import { useQuery } from "@tanstack/react-query";
import { toRows } from "@/lib/run-metrics";
import { useTRPC } from "@/trpc/client";
import { AttributionPanel } from "./attribution-panel";
import { BytesPanel } from "./bytes-panel";
import { CopyLink } from "./copy-link";
import { CostModel } from "./cost-model";
import { EnvironmentPanel } from "./environment-panel";
import { FidelityPanel } from "./fidelity-panel";
import { LimitationsPanel } from "./limitations-panel";
import { ParetoChart } from "./pareto-chart";
import { ProgressList } from "./progress-list";
import { ResultsTable } from "./results-table";
import { everyFormatFailed, RunNotices } from "./run-notices";
import { SchemaPanel } from "./schema-panel";
import { ShippedPanel } from "./shipped-panel";
import { SizeChart } from "./size-chart";
import { Summary } from "./summary";
import { TimingChart } from "./timing-chart";
import { entriesOf, type RunData, terminalStatuses } from "./types";

/**
 * The share page. Polls once a second while the run goes on (tRPC over HTTP; the REST GET offers
 * the same with an ETag), and stops once the run reaches a terminal state.
 */
export function RunView({ initial }: { initial: RunData }) {
  const trpc = useTRPC();
  const { data: run, error: pollError } = useQuery(
    trpc.runs.get.queryOptions(
      { id: initial.id },
      {
        initialData: { ...initial, version: "" },
        refetchInterval: (q) => (q.state.data && terminalStatuses.has(q.state.data.status) ? false : 1_000),
      },
    ),
  );
  const current = run ?? { ...initial, version: "" };
  const entries = entriesOf(current);
  const rows = toRows(entries);
  const allFailed = everyFormatFailed(current.status, rows);
  return (
    <main className="run">
      <header className="run-header">
        <div>
          <h1>Run {current.id.slice(0, 8)}</h1>
          <p className="muted">
            <span className={`status status-${current.status}`} data-testid="run-status">
              {current.status}
            </span>{" "}
            · created {new Date(current.createdAt).toLocaleString("en")}
          </p>
        </div>
        <div className="row">
          {current.branch && <a href={`/runs/${current.id}/history`}>history of {current.branch}</a>}{" "}
          <CopyLink url={current.url} />
        </div>
      </header>
      <RunNotices status={current.status} error={current.error} rows={rows} pollError={pollError} />
      {!terminalStatuses.has(current.status) && <ProgressList progress={current.progress} />}
      {allFailed && (
        <>
          <FidelityPanel entries={entries} />
          <SchemaPanel schema={current.schema} entries={entries} />
          <EnvironmentPanel environment={current.environment} />
        </>
      )}
      {current.status === "completed" && !allFailed && (
        <>
          <Summary rows={rows} />
          <div className="grid">
            <SizeChart rows={rows} />
            <TimingChart rows={rows} />
          </div>
          <ParetoChart rows={rows} />
          <ShippedPanel entries={entries} />
          <CostModel rows={rows} entries={entries} />
          <ResultsTable rows={rows} />
          <AttributionPanel entries={entries} />
          <FidelityPanel entries={entries} />
          <BytesPanel entries={entries} />
          <LimitationsPanel limitations={current.limitations} entries={entries} />
          <SchemaPanel schema={current.schema} entries={entries} />
          <EnvironmentPanel environment={current.environment} />
        </>
      )}
    </main>
  );
}
