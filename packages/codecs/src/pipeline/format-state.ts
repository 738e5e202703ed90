import type {
  Artifact,
  AttributionEntry,
  Fidelity,
  FirstMessage,
  FormatInstructions,
  FormatResult,
  Limitation,
  Rename,
  ShippedSizes,
  SizeDetail,
} from "@wirebench/contracts";
import { libraryVersion } from "../environment/collect-environment.ts";
import type { Op } from "../harness/protocol.ts";
import { type SampleSet, summarize } from "../harness/statistics.ts";
import type { RegistryEntry } from "../registry/registry.ts";

export interface SamplePlan {
  budgetBound: boolean;
  overBudget: boolean;
}

/** What the parent has learned about one format so far, from its child processes' messages. */
export interface FormatState {
  entry: RegistryEntry;
  error?: string;
  artifacts: Artifact[];
  notes: string[];
  limitations: Limitation[];
  renames: Rename[];
  hasAccess: boolean;
  /** Instruction counts, when the run asked for them (counted after the timed processes). */
  instructions?: FormatInstructions;
  verified?: {
    fidelity: Fidelity;
    sizes: SizeDetail;
    shipped?: ShippedSizes;
    meanBytes: number;
    firstMessage?: FirstMessage;
    digest?: string;
    attribution?: AttributionEntry[];
  };
  samples: Record<Op, SampleSet[]>;
  alloc: Record<Op, (number | null)[]>;
  /** What the time budget allowed each completed child process, per op. */
  plans: Record<Op, SamplePlan[]>;
  /** Child processes (replicates) that completed with this format in them. */
  completed: number;
  announced: Set<string>;
  /** The entry of the last final report, so the Result reuses it instead of bootstrapping again. */
  final?: FormatResult;
}

export function newFormatState(entry: RegistryEntry): FormatState {
  return {
    entry,
    artifacts: [],
    notes: [],
    limitations: [],
    renames: [],
    hasAccess: false,
    samples: { encode: [], decode: [], access: [] },
    alloc: { encode: [], decode: [], access: [] },
    plans: { encode: [], decode: [], access: [] },
    completed: 0,
    announced: new Set(),
  };
}

/** The public entry of a format: sizes and fidelity once verified, timings once sampled. */
export function toFormatResult(st: FormatState, verifyOnly: boolean): FormatResult {
  const e = st.entry;
  const v = st.verified;
  const base: FormatResult = {
    id: e.id,
    format: e.format,
    variant: e.variant,
    library: e.library,
    version: libraryVersion(e.library),
    ok: !st.error,
    bytes: v?.sizes.dataset.raw ?? 0,
    compressed: v
      ? { gzip: v.sizes.dataset.gzip, brotli: v.sizes.dataset.brotli, zstd: v.sizes.dataset.zstd }
      : { gzip: 0, brotli: 0, zstd: 0 },
    encode: null,
    decode: null,
    fidelity: v?.fidelity ?? { exact: false, issues: [], issueCount: 0, lossyCount: 0 },
  };
  if (st.error) base.error = st.error;
  if (e.minimalVariant) base.minimalVariant = e.minimalVariant;
  if (v) base.sizes = v.sizes;
  if (v?.shipped) Object.assign(base, v.shipped);
  if (v?.firstMessage) base.firstMessage = v.firstMessage;
  if (v?.digest) base.digest = v.digest;
  if (v?.attribution) base.attribution = v.attribution;
  if (st.artifacts.length) base.artifacts = st.artifacts;
  if (st.notes.length) base.notes = st.notes;
  if (st.limitations.length) base.limitations = st.limitations;
  if (st.renames.length) base.renames = st.renames;
  if (st.instructions) base.instructions = st.instructions;
  if (st.error || verifyOnly || !v) return base;
  const timing = (op: Op) => {
    const allocs = st.alloc[op].filter((a): a is number => a !== null).sort((a, b) => a - b);
    const alloc = st.alloc[op].length === 0 ? undefined : (allocs[Math.floor(allocs.length / 2)] ?? null);
    const t = summarize(st.samples[op], v.meanBytes, alloc);
    if (t && st.plans[op].some((p) => p.budgetBound)) t.budgetBound = true;
    if (t && st.plans[op].some((p) => p.overBudget)) t.overBudget = true;
    return t;
  };
  base.encode = timing("encode");
  base.decode = timing("decode");
  if (st.hasAccess) base.access = timing("access");
  return base;
}
