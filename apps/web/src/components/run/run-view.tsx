"use client";

import { useQuery } from "@tanstack/react-query";
import { isTerminalStatus } from "@wirebench/contracts/steps";
import { toRows } from "@/lib/format-rows";
import { useTRPC } from "@/trpc/client";
import { CopyLink } from "./copy-link";
import { EnvironmentPanel } from "./environment-panel";
import { FidelityPanel } from "./fidelity-panel";
import { InstructionsPanel } from "./instructions-panel";
import { ProgressList } from "./progress-list";
import { everyFormatFailed, RunNotices } from "./run-notices";
import { RunResults, sizedRows } from "./run-results";
import { SchemaPanel } from "./schema-panel";
import { TransportPanel } from "./transport-panel";
import type { RunData } from "./types";

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
        initialData: initial,
        refetchInterval: (q) => (q.state.data && isTerminalStatus(q.state.data.status) ? false : 1_000),
      },
    ),
  );
  const current = run ?? initial;
  const entries = current.formats;
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
      {!isTerminalStatus(current.status) && <ProgressList progress={current.progress} />}
      {allFailed && (
        <>
          <FidelityPanel entries={entries} />
          <SchemaPanel schema={current.schema} entries={entries} />
          <InstructionsPanel entries={entries} run={current.instructions} />
          <EnvironmentPanel environment={current.environment} />
        </>
      )}
      {current.status === "completed" && !allFailed && (
        <RunResults run={current} rows={rows} pending={false} />
      )}
      {current.status === "completed" && <TransportPanel run={current} />}
      {!isTerminalStatus(current.status) && sizedRows(rows).length > 0 && (
        <RunResults run={current} rows={rows} pending={true} />
      )}
    </main>
  );
}
