import { fileURLToPath } from "node:url";
import type { ChildIdentity } from "./child-sandbox.ts";
import { type BoundedExit, forkBounded, lastErrorLine, memoryBoundExceeded } from "./fork-bounded.ts";
import { jitEventFlagsFor, perfMapAllowedAfter, removeLeftPerfMap } from "./jit-events.ts";
import { type Attempt, attemptOf, onceMoreIfKilledAtStart } from "./once-more-at-start.ts";
import type { ChildJob, ChildMessage, ParentMessage, Step } from "./protocol.ts";
import type { Limits } from "./settings.ts";
import { steadyBufferFlags } from "./steady-buffer-flags.ts";

const childEntry = fileURLToPath(new URL("./child-main.ts", import.meta.url));

export interface ChildOutcome {
  /** True when the child reported `done`. */
  completed: boolean;
  /** When the child died: the format whose step was running, and why it died. */
  culprit?: { id: string; step: Step; error: string };
  /** A failure that cannot be attributed to one format (the child did not start). */
  error?: string;
  checksum?: number;
}

interface RunChildOptions {
  identity?: ChildIdentity | undefined;
  signal?: AbortSignal | undefined;
  bundle?: string | undefined;
  /** Answers the child's `claim` (see FormatQueue); without it, a claim gets nothing. */
  claim?: () => Omit<Extract<ParentMessage, { type: "claimed" }>, "type">;
}

/**
 * Runs one measurement child (see forkBounded: memory limits, process group, minimal environment)
 * with a kill timer re-armed at every step, forwarding its messages. A child that dies is reported
 * with the format it was working on; one killed at start by a signal not sent here is started once
 * more (see onceMoreIfKilledAtStart).
 */
export async function runChild(
  job: ChildJob,
  limits: Limits,
  onMessage: (m: ChildMessage) => void,
  /**
   * Resolves when the child, ready to time, may go (default: at once, without a time budget), with
   * the milliseconds its timed rounds may take. See TurnScheduler and planSamples.
   */
  turn: () => Promise<number> = async () => Number.MAX_SAFE_INTEGER,
  /**
   * `identity`: the user to run as (see chooseChildIdentity); `signal`: aborting kills the child;
   * `bundle`: the bundled child (see measurementChildBundle); the caller passes it only when it
   * carries every adapter the child may load, claimed ones included.
   */
  opts: RunChildOptions = {},
): Promise<ChildOutcome> {
  return onceMoreIfKilledAtStart(
    (previous) => runOnce(job, limits, onMessage, turn, opts, perfMapAllowedAfter(previous)),
    opts.signal,
  );
}

function runOnce(
  job: ChildJob,
  limits: Limits,
  onMessage: (m: ChildMessage) => void,
  turn: () => Promise<number>,
  opts: RunChildOptions,
  perfMap: boolean,
): Promise<ChildOutcome & Attempt> {
  const bundle = opts.bundle;
  // V8 reports each function it optimises in a perf map, which warm-up waits out (calibrate.ts):
  // only for children that warm up by that rule (writing it cost a quick 10 KB run 0.1 s of 1.5),
  // where V8 can create it, and not after V8 stopped the first attempt over it.
  const mapFlags =
    perfMap && !job.verifyOnly && job.settings.warmupQuietFraction > 0 ? jitEventFlagsFor(opts.identity) : [];
  return new Promise((resolve) => {
    const bounded = forkBounded(bundle ?? childEntry, {
      typescript: bundle === undefined,
      heapMb: limits.memoryMb,
      rssMb: limits.rssMb,
      rssPollMs: limits.rssPollMs,
      // --no-flush-bytecode: V8 drops the bytecode of functions idle across a few GCs; interleaving
      // leaves each format idle while the others run, and an application's hot codec never is.
      execArgv: ["--expose-gc", "--no-flush-bytecode", ...steadyBufferFlags, ...mapFlags],
      identity: opts.identity,
    });
    const { child } = bounded;
    const onAbort = () => bounded.kill("abort");
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    let current: { id: string; step: Step } | undefined;
    let checksum: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => bounded.kill("time"), ms);
    };
    arm(limits.startupTimeoutMs);
    let heard = false;
    child.on("message", (m: ChildMessage) => {
      heard = true;
      if (m.type === "step") {
        current = { id: m.id, step: m.step };
        arm(limits.stepTimeoutMs);
      } else if (m.type === "ready") {
        // Waiting for another child's rounds is nobody's fault: no kill timer until it may go.
        if (timer) clearTimeout(timer);
        void turn().then((budgetMs) => {
          if (!child.connected) return;
          arm(limits.stepTimeoutMs);
          const go: ParentMessage = { type: "go", budgetMs };
          child.send(go);
        });
      } else if (m.type === "claim") {
        const claimed: ParentMessage = {
          type: "claimed",
          ...(opts.claim?.() ?? { entries: [], verify: [] }),
        };
        if (child.connected) child.send(claimed);
      } else if (m.type === "done") checksum = m.checksum;
      onMessage(m);
    });
    void bounded.exited.then((exit) => {
      if (timer) clearTimeout(timer);
      removeLeftPerfMap(child.pid, mapFlags);
      opts.signal?.removeEventListener("abort", onAbort);
      if (checksum !== undefined && exit.code === 0) return resolve({ completed: true, checksum });
      if (exit.killed === "abort") return resolve({ completed: false, error: "the run was stopped" });
      const why =
        exit.killed === "time" && !current
          ? `did not start within ${limits.startupTimeoutMs} ms`
          : deathReason(exit, limits);
      if (current)
        resolve({
          completed: false,
          culprit: { ...current, error: `${why} while ${describeStep(current.step)}` },
        });
      else
        resolve({
          completed: false,
          error: `measurement process failed to start: ${why}`,
          ...attemptOf(exit, heard),
        });
    });
    child.send(job);
  });
}

function describeStep(step: Step): string {
  return {
    prepare: "preparing",
    verify: "verifying",
    warmup: "warming up",
    measure: "measuring",
    allocations: "measuring allocations",
  }[step];
}

function deathReason(exit: BoundedExit, limits: Limits) {
  if (exit.killed === "time") return `exceeded the time limit (${limits.stepTimeoutMs} ms per step)`;
  const bound = memoryBoundExceeded(exit, { heapMb: limits.memoryMb, rssMb: limits.rssMb, rssPollMs: 0 });
  if (bound) return bound;
  const last = lastErrorLine(exit);
  return `measurement process exited (${exit.signal ?? `code ${exit.code}`})${last ? `: ${last}` : ""}`;
}
