import { registry, selectEntries } from "@wirebench/codecs/registry";
import { AppError } from "../app-error.ts";
import { pathDeltas } from "./attribution-deltas.ts";
import type { Caller } from "./authenticate.ts";
import { checkFormatNames } from "./check-format-names.ts";
import type { Services } from "./container.ts";
import { storedThresholds } from "./get-project.ts";
import { getRun } from "./get-run.ts";

export interface Thresholds {
  /** Largest allowed growth of raw or compressed size, in percent. */
  maxRegressionPct?: number | undefined;
  /** Largest allowed significant slow-down of encode or decode, in percent. */
  maxTimeRegressionPct?: number | undefined;
  /** Formats (format or format/variant keys) the thresholds apply to; all when empty. */
  formats?: string[] | undefined;
}

interface TimingLike {
  medianNs: number;
  ciLowNs: number;
  ciHighNs: number;
}
interface EntryLike {
  /** Registry id (e.g. `msgpackr-records`), the short name a format goes by. */
  id?: string;
  format: string;
  variant: string;
  ok: boolean;
  bytes?: number | null;
  compressed?: { gzip?: number; brotli?: number; zstd?: number } | null;
  encode?: TimingLike | null;
  decode?: TimingLike | null;
  attribution?: { path: string; bytes: number }[] | null;
}

export interface SizeDelta {
  base: number;
  current: number;
  deltaPct: number;
}
export interface TimeDelta extends SizeDelta {
  /** The two 95% confidence intervals of the median do not overlap. */
  significant: boolean;
}

const pct = (base: number, current: number) => (base === 0 ? 0 : ((current - base) / base) * 100);
const keyOf = (e: EntryLike) => e.id ?? (e.variant ? `${e.format}/${e.variant}` : e.format);

function sizeDelta(base: number | null | undefined, current: number | null | undefined): SizeDelta | null {
  if (base == null || current == null) return null;
  return { base, current, deltaPct: pct(base, current) };
}

/**
 * Time deltas count only when significant: the runs' 95% confidence intervals of the median
 * (distribution-free, from order statistics of the pooled samples) do not overlap. Sizes are exact
 * and always count.
 */
export function timeDelta(
  base: TimingLike | null | undefined,
  current: TimingLike | null | undefined,
): TimeDelta | null {
  if (!base || !current) return null;
  const significant = current.ciLowNs > base.ciHighNs || current.ciHighNs < base.ciLowNs;
  return {
    base: base.medianNs,
    current: current.medianNs,
    deltaPct: pct(base.medianNs, current.medianNs),
    significant,
  };
}

/** A baseline format the current run no longer measures successfully. */
export interface LostFormat {
  key: string;
  watched: boolean;
  /** The current run's error for it; absent when the format is missing from the run altogether. */
  error?: string | undefined;
}

export function compareEntries(
  baseEntries: EntryLike[],
  currentEntries: (EntryLike & { error?: string | null })[],
  thresholds: Thresholds,
  /** Keys the current run set out to measure; a baseline format outside it was left out on purpose. */
  requested?: ReadonlySet<string>,
) {
  const baseByKey = new Map(baseEntries.filter((e) => e.ok).map((e) => [keyOf(e), e]));
  const currentByKey = new Map(currentEntries.map((e) => [keyOf(e), e]));
  const watched = (key: string, format: string) =>
    !thresholds.formats?.length || thresholds.formats.includes(key) || thresholds.formats.includes(format);
  // A format that measured fine in the baseline and fails or vanishes now is the worst regression of
  // all, so it is reported, and fails the verdict when watched, instead of being skipped.
  const newlyFailing: LostFormat[] = [];
  const missing: LostFormat[] = [];
  for (const [key, base] of baseByKey) {
    const cur = currentByKey.get(key);
    if (cur?.ok) continue;
    const isWatched = watched(key, base.format);
    if (cur) newlyFailing.push({ key, watched: isWatched, error: cur.error ?? undefined });
    else if (!requested || requested.has(key)) missing.push({ key, watched: isWatched });
  }
  const formats = currentEntries
    .filter((e) => e.ok && baseByKey.has(keyOf(e)))
    .map((cur) => {
      const base = baseByKey.get(keyOf(cur))!;
      const sizes = {
        bytes: sizeDelta(base.bytes, cur.bytes),
        gzip: sizeDelta(base.compressed?.gzip, cur.compressed?.gzip),
        brotli: sizeDelta(base.compressed?.brotli, cur.compressed?.brotli),
        zstd: sizeDelta(base.compressed?.zstd, cur.compressed?.zstd),
      };
      const times = {
        encode: timeDelta(base.encode, cur.encode),
        decode: timeDelta(base.decode, cur.decode),
      };
      const worstSizePct = Math.max(
        ...Object.values(sizes).map((d) => d?.deltaPct ?? Number.NEGATIVE_INFINITY),
      );
      const worstTimePct = Math.max(
        ...Object.values(times).map((d) => (d?.significant ? d.deltaPct : Number.NEGATIVE_INFINITY)),
      );
      const key = keyOf(cur);
      const isWatched = watched(key, cur.format);
      const sizeFail =
        isWatched && thresholds.maxRegressionPct !== undefined && worstSizePct > thresholds.maxRegressionPct;
      const timeFail =
        isWatched &&
        thresholds.maxTimeRegressionPct !== undefined &&
        worstTimePct > thresholds.maxTimeRegressionPct;
      const paths = pathDeltas(base.attribution, cur.attribution);
      return {
        key,
        watched: isWatched,
        ...sizes,
        ...times,
        ...(paths ? { paths } : {}),
        pass: !sizeFail && !timeFail,
        sizeFail,
        timeFail,
      };
    });
  const checks = [
    ...(thresholds.maxRegressionPct !== undefined
      ? [
          {
            name: "size",
            limitPct: thresholds.maxRegressionPct,
            failing: formats.filter((f) => f.sizeFail).map((f) => f.key),
          },
        ]
      : []),
    ...(thresholds.maxTimeRegressionPct !== undefined
      ? [
          {
            name: "time",
            limitPct: thresholds.maxTimeRegressionPct,
            failing: formats.filter((f) => f.timeFail).map((f) => f.key),
          },
        ]
      : []),
  ].map((c) => ({ ...c, pass: c.failing.length === 0 }));
  const lost = [...newlyFailing, ...missing].filter((f) => f.watched).map((f) => f.key);
  const allChecks = [
    ...checks,
    ...(newlyFailing.length + missing.length > 0
      ? [{ name: "formats", limitPct: null, failing: lost, pass: lost.length === 0 }]
      : []),
  ];
  return { formats, newlyFailing, missing, checks: allChecks, pass: allChecks.every((c) => c.pass) };
}

/**
 * A run id, or a branch name whose latest completed run in the project is used. Branches are looked
 * up only for the project's own token holders (`branchesAllowed`): a share link reaches its own run
 * and runs named by id, never the latest run of a branch, and a refused branch reads exactly like a
 * missing one.
 */
export async function resolveBaseline(
  services: Services,
  run: { id: string },
  projectId: string | null,
  ref: string,
  branchesAllowed: boolean,
) {
  const byId = await services.prisma.run.findUnique({
    where: { id: ref },
    select: { id: true, status: true },
  });
  if (byId) {
    if (byId.status !== "completed")
      throw new AppError("BAD_REQUEST", `Baseline run ${ref} is ${byId.status}.`);
    return byId.id;
  }
  if (!projectId || !branchesAllowed)
    throw new AppError(
      "NOT_FOUND",
      `Baseline "${ref}" is not a run id; naming a branch as baseline needs a token of the run's project.`,
    );
  const latest = await services.prisma.run.findFirst({
    where: { projectId, branch: ref, status: "completed", id: { not: run.id } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (!latest)
    throw new AppError(
      "NOT_FOUND",
      `Baseline "${ref}" is neither a run id nor a branch with a completed run in this project.`,
    );
  return latest.id;
}

/**
 * The registry ids a run asked for, or undefined for all. Names are validated when a run is created,
 * but older rows may hold names the registry no longer knows; those runs are treated as asking for all.
 */
function requestedKeys(names: string[]): Set<string> | undefined {
  if (names.length === 0) return undefined;
  try {
    return new Set(selectEntries(registry, names).map((e) => e.id));
  } catch {
    return undefined;
  }
}

const runExists = async (services: Services, id: string) =>
  (await services.prisma.run.findUnique({ where: { id }, select: { id: true } })) !== null;

/** The run, its baseline and the per-format deltas judged against the thresholds. */
export async function compareRuns(
  services: Services,
  caller: Caller,
  runId: string,
  baselineRef: string | undefined,
  overrides: Thresholds,
) {
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
  // The project's defaults, each overridable by the request.
  const thresholds: Thresholds = storedThresholds(project?.thresholds);
  for (const [k, v] of Object.entries(overrides))
    if (v !== undefined) (thresholds as Record<string, unknown>)[k] = v;
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
    return {
      run,
      baseline: null,
      thresholds,
      formats: [],
      newlyFailing: [],
      missing: [],
      checks: [],
      pass: true,
      note,
    };
  }
  const baselineId = await resolveBaseline(services, run, projectId, ref, ownProject);
  const { version: _bv, ...baseline } = await getRun(services, baselineId);
  const requested = requestedKeys(run.requestedFormats);
  const comparison = compareEntries(
    baseline.formats as unknown as EntryLike[],
    run.formats as unknown as EntryLike[],
    thresholds,
    requested,
  );
  return {
    run,
    baseline: { id: baseline.id, url: baseline.url, branch: baseline.branch, commit: baseline.commit },
    thresholds,
    ...comparison,
    note: null,
  };
}
