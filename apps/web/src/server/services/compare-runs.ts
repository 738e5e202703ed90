import { AppError } from "../app-error.ts";
import type { Caller } from "./authenticate.ts";
import type { Services } from "./container.ts";
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

export function compareEntries(
  baseEntries: EntryLike[],
  currentEntries: EntryLike[],
  thresholds: Thresholds,
) {
  const baseByKey = new Map(baseEntries.filter((e) => e.ok).map((e) => [keyOf(e), e]));
  const watched = (key: string, format: string) =>
    !thresholds.formats?.length || thresholds.formats.includes(key) || thresholds.formats.includes(format);
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
      return {
        key,
        watched: isWatched,
        ...sizes,
        ...times,
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
  return { formats, checks, pass: checks.every((c) => c.pass) };
}

/** A run id, or a branch name whose latest completed run in the project is used. */
export async function resolveBaseline(
  services: Services,
  run: { id: string },
  projectId: string | null,
  ref: string,
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
  if (!projectId)
    throw new AppError("BAD_REQUEST", `No run with id ${ref}; a branch baseline needs a project token.`);
  const latest = await services.prisma.run.findFirst({
    where: { projectId, branch: ref, status: "completed", id: { not: run.id } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  return latest?.id ?? null;
}

/** The run, its baseline and the per-format deltas judged against the thresholds. */
export async function compareRuns(
  services: Services,
  caller: Caller,
  runId: string,
  baselineRef: string | undefined,
  overrides: Thresholds,
) {
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
  const thresholds: Thresholds = { ...((project?.thresholds ?? {}) as Thresholds) };
  for (const [k, v] of Object.entries(overrides))
    if (v !== undefined) (thresholds as Record<string, unknown>)[k] = v;
  const ref = baselineRef ?? projectRow?.baselineRef ?? undefined;
  const baselineId = ref ? await resolveBaseline(services, run, projectId, ref) : null;
  if (!baselineId) {
    return {
      run,
      baseline: null,
      thresholds,
      formats: [],
      checks: [],
      pass: true,
      note: ref ? `no completed run found for baseline "${ref}"` : "no baseline given",
    };
  }
  const { version: _bv, ...baseline } = await getRun(services, baselineId);
  const comparison = compareEntries(
    baseline.formats as unknown as EntryLike[],
    run.formats as unknown as EntryLike[],
    thresholds,
  );
  return {
    run,
    baseline: { id: baseline.id, url: baseline.url, branch: baseline.branch, commit: baseline.commit },
    thresholds,
    ...comparison,
    note: null,
  };
}
