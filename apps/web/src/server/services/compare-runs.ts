import type { Comparison, ProjectThresholds } from "@wirebench/contracts";
import { defaultMaxInstructionRegressionPct } from "@wirebench/contracts/instructions/compare";
import { AppError } from "../app-error.ts";
import type { Caller } from "./authenticate.ts";
import { checkFormatNames } from "./check-format-names.ts";
import { compareEntries } from "./compare-entries.ts";
import type { Services } from "./container.ts";
import { storedThresholds } from "./get-project.ts";
import { getRun } from "./get-run.ts";
import { requestedKeys } from "./requested-keys.ts";
import { resolveBaseline, runExists } from "./resolve-baseline.ts";

/**
 * The project's defaults, each field the request sets replacing the stored one. A run that counted
 * instructions (`metric: "instructions"`, so `wirebench ci --gate instructions`) is judged on them at
 * the project's limit, or at the default 1 % when neither the project nor the request sets one.
 */
function withOverrides(
  stored: ProjectThresholds,
  overrides: ProjectThresholds,
  counted: boolean,
): ProjectThresholds {
  const given = Object.entries(overrides).filter(([, v]) => v !== undefined);
  const merged: ProjectThresholds = { ...stored, ...Object.fromEntries(given) };
  if (counted && merged.maxInstructionRegressionPct === undefined)
    merged.maxInstructionRegressionPct = defaultMaxInstructionRegressionPct;
  return merged;
}

/** The run, its baseline and the per-format deltas judged against the thresholds. */
export async function compareRuns(
  services: Services,
  caller: Caller,
  runId: string,
  baselineRef: string | undefined,
  overrides: ProjectThresholds,
): Promise<Comparison> {
  // A misspelt name would watch nothing and let every regression through.
  if (overrides.formats?.length) checkFormatNames(overrides.formats, "formats");
  const { version: _v, ...run } = await getRun(services, runId);
  const projectRow = await services.prisma.run.findUnique({
    where: { id: runId },
    select: { projectId: true, baselineRef: true },
  });
  const projectId = projectRow?.projectId ?? null;
  if (caller.projectId && projectId && caller.projectId !== projectId) {
    throw new AppError("FORBIDDEN", "This run belongs to another project.");
  }
  const project = projectId ? await services.prisma.project.findUnique({ where: { id: projectId } }) : null;
  const thresholds = withOverrides(storedThresholds(project?.thresholds), overrides, !!run.instructions);
  const ownProject = projectId !== null && caller.projectId === projectId;
  let ref = baselineRef ?? projectRow?.baselineRef ?? undefined;
  let note = "no baseline given";
  // The run's own baseline, when it names a branch, resolves for the project's tokens only; a share
  // link gets the comparison without it (the CI's Markdown names the baseline run by id).
  if (!baselineRef && ref && !ownProject && !(await runExists(services, ref))) {
    note = `the run's baseline is a branch; comparing with a branch needs a token of the run's project, or name the baseline run by id`;
    ref = undefined;
  }
  if (!ref) {
    const empty = { formats: [], newlyFailing: [], missing: [], checks: [], pass: true };
    return { run, baseline: null, thresholds, ...empty, note };
  }
  const baselineId = await resolveBaseline(services, run, projectId, ref, ownProject);
  const { version: _bv, ...baseline } = await getRun(services, baselineId);
  const comparison = compareEntries(
    baseline.formats,
    run.formats,
    thresholds,
    requestedKeys(run.requestedFormats, baseline.formats),
  );
  return {
    run,
    baseline: { id: baseline.id, url: baseline.url, branch: baseline.branch, commit: baseline.commit },
    thresholds,
    ...comparison,
    note: null,
  };
}
