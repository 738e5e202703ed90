import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RunView } from "@/components/run/run-view";
import { AppError } from "@/server/app-error";
import { getServices } from "@/server/services/container";
import { getRun } from "@/server/services/get-run";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

async function load(id: string) {
  try {
    return await getRun(getServices(), id);
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const run = await load((await params).id);
  const formats = run.formats.length;
  const title = `Wirebench run ${run.id.slice(0, 8)}: ${run.status}`;
  const description =
    run.status === "completed"
      ? `Size, speed and fidelity of ${formats} serialization formats on one sample.`
      : `A serialization format comparison (${run.status}).`;
  return { title, description, openGraph: { title, description, type: "article", url: run.url } };
}

export default async function RunPage({ params }: Params) {
  const { version: _version, ...run } = await load((await params).id);
  return <RunView initial={run} />;
}
