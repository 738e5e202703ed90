import { type OpPlan, planSamples } from "@wirebench/codecs/runtime-bridge";
import type { ChildMessage, PlanMessage, RuntimeSettings } from "@wirebench/contracts";
import type { DataValue } from "@wirebench/schemas";
import { type ChildCommand, type ChildExit, runRuntimeChild } from "../child/run-runtime-child.ts";
import { parseLossless } from "../inputs/lossless-json.ts";
import type { RuntimeLimits } from "../runtime-settings.ts";
import { type FormatSlot, type Op, requestFormat } from "./format-slot.ts";

export interface ProcessPlan {
  process: number;
  processes: number;
  settings: RuntimeSettings & { samplesPerRound: number; minSamples: number };
  /** Milliseconds this process's timed rounds may take (its share of the run's budget). */
  budgetMs: number;
  workDir: string;
  messageCount: number;
}

export interface Hello {
  runtimeVersion: string;
  libraries: Record<string, string>;
}

/**
 * One child process of a runtime over the formats still standing: process 0 verifies. What it
 * reports lands in the slots (verified values, samples, the plan each operation got, failures).
 */
export async function runProcess(
  command: ChildCommand,
  slots: FormatSlot[],
  p: ProcessPlan,
  limits: RuntimeLimits,
  label: string,
  signal: AbortSignal | undefined,
  env?: NodeJS.ProcessEnv,
  /** A format verified in this process (its timing starts), as the child says so. */
  onVerified?: (slot: FormatSlot) => void,
): Promise<{ exit: ChildExit; hello?: Hello }> {
  const byId = new Map(slots.map((s) => [s.id, s]));
  const failed = new Set<string>();
  const calibrated = new Map<string, { iterations: number; nsPerOp: number; stable: boolean }>();
  const plans = new Map<string, OpPlan>();
  let hello: Hello | undefined;
  const slotOf = (id: string) => {
    const s = byId.get(id);
    if (!s) throw new Error(`it reported on "${id}", which it was not asked to measure`);
    return s;
  };
  const onMessage = (m: ChildMessage, raw: string) => {
    switch (m.type) {
      case "hello":
        hello = { runtimeVersion: m.runtimeVersion, libraries: m.libraries };
        break;
      case "verified": {
        const s = slotOf(m.id);
        if (m.encoded.length !== p.messageCount)
          throw new Error(
            `${m.id}: ${m.encoded.length} encoded messages for ${p.messageCount} in the dataset`,
          );
        // JSON.parse rounded the integers of `decoded`; read the line again, losslessly.
        const decoded = (parseLossless(raw) as { decoded: DataValue[] }).decoded;
        const encoded = m.encoded.map((b) => new Uint8Array(Buffer.from(b, "base64")));
        s.verified = { encoded, decoded, notes: m.notes ?? [] };
        onVerified?.(s);
        break;
      }
      case "failed":
        failed.add(m.id);
        slotOf(m.id).error = m.error;
        break;
      case "calibrated":
        slotOf(m.id);
        calibrated.set(`${m.id}\0${m.op}`, m);
        break;
      case "samples": {
        const s = slotOf(m.id);
        const stable = calibrated.get(`${m.id}\0${m.op}`)?.stable;
        s.samples[m.op as Op].push({
          process: p.process,
          round: m.round,
          nsPerOp: m.nsPerOp,
          iterations: m.iterations,
          ...(stable === undefined ? {} : { warmupStable: stable }),
        });
        break;
      }
      default:
        break;
    }
  };
  // The budget is shared the way Node's harness shares it: planSamples over what one sample costs.
  const plan = (): PlanMessage => {
    const costs = [...calibrated.entries()]
      .filter(([key]) => !failed.has(key.split("\0")[0] as string))
      .map(([key, c]) => ({ key, nsPerSample: c.nsPerOp * c.iterations }));
    const planned = planSamples(costs, {
      budgetNs: p.budgetMs * 1e6,
      desired: p.settings.rounds * p.settings.samplesPerRound,
      floor: Math.ceil(p.settings.minSamples / Math.max(1, p.processes)),
      rounds: p.settings.rounds,
    });
    for (const [key, op] of planned) plans.set(key, op);
    return {
      type: "plan",
      plans: [...planned.entries()].map(([key, op]) => {
        const [id, which] = key.split("\0") as [string, Op];
        return { id, op: which, samples: op.samples };
      }),
    };
  };
  const { samplesPerRound: _s, minSamples: _m, ...settings } = p.settings;
  const exit = await runRuntimeChild(
    command,
    {
      protocol: 1,
      process: p.process,
      verify: p.process === 0,
      workDir: p.workDir,
      formats: slots.map(requestFormat),
      settings,
    },
    { onMessage, plan },
    { stepTimeoutMs: limits.stepTimeoutMs, stderrTailBytes: limits.stderrTailBytes, signal, label, env },
  );
  for (const [key, op] of plans) {
    const [id, which] = key.split("\0") as [string, Op];
    byId.get(id)?.plans[which].push(op);
  }
  return hello ? { exit, hello } : { exit };
}
