import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ChildJob, ChildMessage, ParentMessage, Step } from "./protocol.ts";
import { residentBytes } from "./resident-memory.ts";
import type { Limits } from "./settings.ts";

const require = createRequire(import.meta.url);
/** Absolute loader URL so the child works whatever the caller's working directory is. */
const tsxLoader = pathToFileURL(require.resolve("tsx")).href;
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

/**
 * Runs one child process with the memory limit (V8 old space) and a kill timer re-armed at every
 * step, forwarding its messages. A child that dies is reported with the format it was working on.
 */
export function runChild(
  job: ChildJob,
  limits: Limits,
  onMessage: (m: ChildMessage) => void,
  /** Resolves when the child, ready to time, may go (default: at once). See TurnScheduler. */
  turn: () => Promise<void> = async () => undefined,
): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const child = fork(childEntry, [], {
      // --no-flush-bytecode: V8 drops the bytecode of functions idle across a few GCs; interleaving
      // leaves each format idle while the others run, and an application's hot codec never is.
      execArgv: [
        "--import",
        tsxLoader,
        `--max-old-space-size=${limits.memoryMb}`,
        "--expose-gc",
        "--no-flush-bytecode",
      ],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // Own process group: a SIGTERM to the worker's group (scripts/up.mjs stopping) must not kill an
      // in-flight measurement, which the worker's graceful shutdown is waiting for. The child exits by
      // itself when this process dies (IPC disconnect, see child-main.ts).
      detached: true,
    });
    let stderr = "";
    // The heap limit is V8's; Buffers and native memory are watched from here.
    let overResident = false;
    const watchdog = setInterval(() => {
      const bytes = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (bytes !== undefined && bytes > limits.rssMb * 1024 * 1024) {
        overResident = true;
        child.kill("SIGKILL");
      }
    }, limits.rssPollMs).unref();
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString("utf8")).slice(-8192);
    });
    let current: { id: string; step: Step } | undefined;
    let timedOut = false;
    let checksum: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        child.kill("SIGKILL");
      }, ms);
    };
    arm(limits.startupTimeoutMs);
    child.on("message", (m: ChildMessage) => {
      if (m.type === "step") {
        current = { id: m.id, step: m.step };
        arm(limits.stepTimeoutMs);
      } else if (m.type === "ready") {
        // Waiting for another child's rounds is nobody's fault: no kill timer until it may go.
        if (timer) clearTimeout(timer);
        void turn().then(() => {
          if (!child.connected) return;
          arm(limits.stepTimeoutMs);
          const go: ParentMessage = { type: "go" };
          child.send(go);
        });
      } else if (m.type === "done") checksum = m.checksum;
      onMessage(m);
    });
    child.on("error", (err) => {
      clearInterval(watchdog);
      stderr += `\n${err.message}`;
    });
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      clearInterval(watchdog);
      if (checksum !== undefined && code === 0) return resolve({ completed: true, checksum });
      const why =
        timedOut && !current
          ? `did not start within ${limits.startupTimeoutMs} ms`
          : deathReason(stderr, code, signal, timedOut, overResident, limits);
      if (current)
        resolve({
          completed: false,
          culprit: { ...current, error: `${why} while ${describeStep(current.step)}` },
        });
      else resolve({ completed: false, error: `measurement process failed to start: ${why}` });
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

function deathReason(
  stderr: string,
  code: number | null,
  signal: string | null,
  timedOut: boolean,
  overResident: boolean,
  limits: Limits,
) {
  if (timedOut) return `exceeded the time limit (${limits.stepTimeoutMs} ms per step)`;
  if (overResident) return `exceeded the memory limit (${limits.rssMb} MB resident)`;
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr)) {
    return `exceeded the memory limit (${limits.memoryMb} MB heap)`;
  }
  const last = stderr.trim().split("\n").filter(Boolean).slice(-1)[0];
  return `measurement process exited (${signal ?? `code ${code}`})${last ? `: ${last.slice(0, 300)}` : ""}`;
}
