import type { ChildMessage, Op } from "../harness/protocol.ts";
import type { SampleSet } from "../harness/statistics.ts";
import { capArtifacts, defaultMaxArtifactBytes } from "../result/cap-artifacts.ts";
import type { FormatReporter } from "./format-reporter.ts";
import type { FormatState, SamplePlan } from "./format-state.ts";

/** A timing or allocation figure held back until its child process completes. */
export interface BufferedSample {
  st: FormatState;
  op: Op;
  set?: SampleSet;
  alloc?: number | null;
  plan?: SamplePlan;
}

export interface MessageContext {
  states: Map<string, FormatState>;
  reporter: FormatReporter;
  /** Index of the child process (0-based) and how many processes the run has. */
  process: number;
  processes: number;
  verifyOnly: boolean;
  maxArtifactBytes?: number;
  /** Samples of a child that dies are discarded: only complete processes are pooled. */
  buffered: BufferedSample[];
}

/** Folds one message of a child process into the formats' state, reporting what became known. */
export function handleChildMessage(ctx: MessageContext, m: ChildMessage): void {
  if (m.type === "done" || m.type === "ready" || m.type === "claim") return;
  const st = ctx.states.get(m.id);
  if (!st) return;
  const p = ctx.process;
  switch (m.type) {
    case "step": {
      const phase = m.step === "prepare" ? "generating" : m.step === "verify" ? "verifying" : "measuring";
      const key = `${phase}:${p}`;
      if (!st.announced.has(key) && (phase !== "generating" || p === 0)) {
        st.announced.add(key);
        ctx.reporter.emit(st, phase, phase === "measuring" ? `process ${p + 1}/${ctx.processes}` : undefined);
      }
      break;
    }
    case "prepared": {
      const capped = capArtifacts(m.artifacts, ctx.maxArtifactBytes ?? defaultMaxArtifactBytes);
      st.artifacts = capped.artifacts;
      st.notes = capped.note ? [...m.notes, capped.note] : m.notes;
      st.limitations = m.limitations;
      st.renames = m.renames;
      st.hasAccess = m.hasAccess;
      break;
    }
    case "verified":
      st.verified = { fidelity: m.fidelity, sizes: m.sizes, meanBytes: m.meanBytes };
      if (m.shipped) st.verified.shipped = m.shipped;
      if (m.firstMessage) st.verified.firstMessage = m.firstMessage;
      if (m.digest) st.verified.digest = m.digest;
      if (m.attribution) st.verified.attribution = m.attribution;
      if (m.attributionLimitation) st.limitations = [...st.limitations, m.attributionLimitation];
      if (st.error) break;
      // In a verify-only run nothing follows verification: the complete entry is the final one.
      if (ctx.verifyOnly) {
        if (!m.partial) ctx.reporter.report(st, true, () => ctx.reporter.emit(st, "done"));
      } else if (m.partial) {
        // Sizes and fidelity, saved the moment they are known; the extras of the complete message
        // (shipped sizes, attribution) go out with the final entry.
        ctx.reporter.report(st, false);
      }
      break;
    case "samples":
      ctx.buffered.push({
        st,
        op: m.op,
        set: {
          process: p,
          round: m.round,
          nsPerOp: m.nsPerOp,
          iterations: m.iterations,
          warmupStable: m.warmupStable,
        },
      });
      break;
    case "alloc":
      ctx.buffered.push({ st, op: m.op, alloc: m.bytesPerOp });
      break;
    case "plan":
      ctx.buffered.push({ st, op: m.op, plan: { budgetBound: m.budgetBound, overBudget: m.overBudget } });
      break;
    case "failed":
      ctx.reporter.fail(st, m.error);
      break;
  }
}

/** Pools the samples of a child process that completed. */
export function poolBuffered(buffered: BufferedSample[]): void {
  for (const b of buffered) {
    if (b.set) b.st.samples[b.op].push(b.set);
    if (b.alloc !== undefined) b.st.alloc[b.op].push(b.alloc);
    if (b.plan) b.st.plans[b.op].push(b.plan);
  }
}
