import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HistoryCharts } from "@/components/history/history-charts";
import { AppError } from "@/server/app-error";
import { branchHistory } from "@/server/services/branch-history";
import { getServices } from "@/server/services/container";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Wirebench branch history" };

export default async function HistoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const history = await branchHistory(getServices(), id).catch((err) => {
    if (err instanceof AppError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  return (
    <main>
      <p>
        <Link href={`/runs/${id}`}>← run {id.slice(0, 8)}</Link>
      </p>
      <h1>History of {history.branch ? <code>{history.branch}</code> : "this run"}</h1>
      {history.points.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          This run has no project branch (CI runs made with a project token and --branch have one), so there
          is no history to show.
        </p>
      ) : (
        <HistoryCharts points={history.points} formats={history.formats} />
      )}
    </main>
  );
}
