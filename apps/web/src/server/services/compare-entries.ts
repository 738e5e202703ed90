import type {
  ComparisonCheck,
  FormatComparison,
  FormatResult,
  LostFormat,
  ProjectThresholds,
  SizeDelta,
  TimeDelta,
  Timing,
} from "@wirebench/contracts";
import { pathDeltas } from "./attribution-deltas.ts";
import { instructionsCheck, judgeInstructions } from "./instruction-deltas.ts";

type TimingFigures = Pick<Timing, "medianNs" | "ciLowNs" | "ciHighNs">;

/** The parts of a Result JSON entry a comparison reads. */
export type ComparedEntry = Pick<FormatResult, "format" | "variant" | "ok" | "bytes" | "compressed"> &
  Partial<Pick<FormatResult, "id" | "error" | "attribution" | "instructions">> & {
    encode: TimingFigures | null;
    decode: TimingFigures | null;
  };

const pct = (base: number, current: number) => (base === 0 ? 0 : ((current - base) / base) * 100);
const keyOf = (e: ComparedEntry) => e.id ?? (e.variant ? `${e.format}/${e.variant}` : e.format);

function sizeDelta(base: number | undefined, current: number | undefined): SizeDelta | null {
  if (base === undefined || current === undefined) return null;
  return { base, current, deltaPct: pct(base, current) };
}

/**
 * Time deltas count only when significant: the runs' 95% confidence intervals of the median
 * (distribution-free, from order statistics of the pooled samples) do not overlap. Sizes are exact
 * and always count.
 */
export function timeDelta(base: TimingFigures | null, current: TimingFigures | null): TimeDelta | null {
  if (!base || !current) return null;
  const significant = current.ciLowNs > base.ciHighNs || current.ciHighNs < base.ciLowNs;
  return {
    base: base.medianNs,
    current: current.medianNs,
    deltaPct: pct(base.medianNs, current.medianNs),
    significant,
  };
}

function compareOne(base: ComparedEntry, cur: ComparedEntry, watched: boolean, t: ProjectThresholds) {
  const sizes = {
    bytes: sizeDelta(base.bytes, cur.bytes),
    gzip: sizeDelta(base.compressed.gzip, cur.compressed.gzip),
    brotli: sizeDelta(base.compressed.brotli, cur.compressed.brotli),
    zstd: sizeDelta(base.compressed.zstd, cur.compressed.zstd),
  };
  const times = { encode: timeDelta(base.encode, cur.encode), decode: timeDelta(base.decode, cur.decode) };
  const worstSizePct = Math.max(...Object.values(sizes).map((d) => d?.deltaPct ?? Number.NEGATIVE_INFINITY));
  const worstTimePct = Math.max(
    ...Object.values(times).map((d) => (d?.significant ? d.deltaPct : Number.NEGATIVE_INFINITY)),
  );
  const sizeFail = watched && t.maxRegressionPct !== undefined && worstSizePct > t.maxRegressionPct;
  const timeFail = watched && t.maxTimeRegressionPct !== undefined && worstTimePct > t.maxTimeRegressionPct;
  const paths = pathDeltas(base.attribution, cur.attribution);
  const counts = judgeInstructions(
    base.instructions,
    cur.instructions,
    t.maxInstructionRegressionPct,
    watched,
  );
  return {
    key: keyOf(cur),
    watched,
    ...sizes,
    ...times,
    ...(paths ? { paths } : {}),
    ...counts,
    pass: !sizeFail && !timeFail && !counts.instructionFail,
    sizeFail,
    timeFail,
  };
}

export function compareEntries(
  baseEntries: ComparedEntry[],
  currentEntries: ComparedEntry[],
  thresholds: ProjectThresholds,
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
    if (cur) newlyFailing.push({ key, watched: isWatched, ...(cur.error ? { error: cur.error } : {}) });
    else if (!requested || requested.has(key)) missing.push({ key, watched: isWatched });
  }
  const formats: FormatComparison[] = currentEntries
    .filter((e) => e.ok && baseByKey.has(keyOf(e)))
    .map((cur) => compareOne(baseByKey.get(keyOf(cur))!, cur, watched(keyOf(cur), cur.format), thresholds));
  const limitChecks: ComparisonCheck[] = [];
  if (thresholds.maxRegressionPct !== undefined) {
    const failing = formats.filter((f) => f.sizeFail).map((f) => f.key);
    limitChecks.push({
      name: "size",
      limitPct: thresholds.maxRegressionPct,
      failing,
      pass: failing.length === 0,
    });
  }
  if (thresholds.maxTimeRegressionPct !== undefined) {
    const failing = formats.filter((f) => f.timeFail).map((f) => f.key);
    limitChecks.push({
      name: "time",
      limitPct: thresholds.maxTimeRegressionPct,
      failing,
      pass: failing.length === 0,
    });
  }
  limitChecks.push(...instructionsCheck(formats, thresholds.maxInstructionRegressionPct));
  const lost = [...newlyFailing, ...missing].filter((f) => f.watched).map((f) => f.key);
  const checks: ComparisonCheck[] = [
    ...limitChecks,
    ...(newlyFailing.length + missing.length > 0
      ? [{ name: "formats" as const, limitPct: null, failing: lost, pass: lost.length === 0 }]
      : []),
  ];
  return { formats, newlyFailing, missing, checks, pass: checks.every((c) => c.pass) };
}
