import { isTerminalStatus } from "@wirebench/contracts/steps";
import type { FormatRow } from "@/lib/format-rows";

export interface RunNoticesProps {
  status: string;
  error: string | null;
  rows: FormatRow[];
  /** The last poll's failure, while polling still fails. */
  pollError: { message: string } | null;
}

/** A completed run where no format produced numbers: charts would be empty, so say why instead. */
export const everyFormatFailed = (status: string, rows: FormatRow[]) =>
  status === "completed" && rows.length > 0 && rows.every((r) => !r.ok);

/**
 * What the reader must know before the numbers: lost contact while the run goes on (the page would
 * otherwise look frozen), a failed or canceled run, or a run in which every format failed.
 */
export function RunNotices({ status, error, rows, pollError }: RunNoticesProps) {
  return (
    <>
      {pollError && !isTerminalStatus(status) && (
        <p className="error" role="alert" data-testid="poll-error">
          Lost contact with the server ({pollError.message}); the status below may be out of date. Still
          retrying.
        </p>
      )}
      {status === "failed" && (
        <p className="error" role="alert" data-testid="run-error">
          This run failed: {error}
        </p>
      )}
      {status === "canceled" && (
        <p className="warning" role="status" data-testid="run-canceled">
          This run was canceled before it finished, so it has no comparison to show.
          {error ? ` ${error}` : ""}
        </p>
      )}
      {everyFormatFailed(status, rows) && (
        <p className="error" role="alert" data-testid="all-failed">
          Every format failed on this input, so there is nothing to compare. Each one&apos;s error is listed
          below.
        </p>
      )}
    </>
  );
}
