import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import {
  type Attempt,
  onceMoreIfKilledAtStart,
  perfMapAllowedAfter,
  removeLeftPerfMap,
  withoutJitEventFlags,
} from "@wirebench/codecs/runtime-bridge";
import {
  type ChildMessage,
  childMessageSchema,
  type PlanMessage,
  type RuntimeRequest,
} from "@wirebench/contracts";

export interface ChildCommand {
  cmd: string;
  args: string[];
  env?: Record<string, string>;
}

export interface ChildExit {
  /** The child said `done`. */
  completed: boolean;
  /** Why it did not: died, timed out, spoke outside the protocol, or was stopped. */
  error?: string;
  /** Its exit code (null when a signal ended it or it never started). */
  code: number | null;
  /** The last `stderrTailBytes` of its stderr. */
  stderr: string;
}

export interface ChildHandlers {
  /** Every valid message, in order; `raw` is its line (the verified values need a lossless read). */
  onMessage(m: ChildMessage, raw: string): void;
  /** Answers `ready`: the samples per operation, from what the child calibrated. */
  plan(): PlanMessage;
}

/**
 * Runs one measurement child of any runtime (docs/polyglot.md): its own process group, the request
 * as one line on stdin, JSON lines on stdout checked against the protocol's zod, the plan after
 * `ready`. A kill timer is re-armed at every line, so a child silent for `stepTimeoutMs` dies with
 * its whole group (a JVM's or Cargo's helpers included). Never throws: every way a child can go
 * wrong ends as a `ChildExit` with a sentence naming it, and the last of stderr.
 * One killed at start by a signal not sent here is started once more (onceMoreIfKilledAtStart),
 * without V8's perf map when V8 stopped it over that map (perfMapAllowedAfter); a map a child left
 * is removed once it ends.
 */
export async function runRuntimeChild(...args: Parameters<typeof runOnce>): Promise<ChildExit> {
  const [command, ...rest] = args;
  return onceMoreIfKilledAtStart(
    (previous) =>
      runOnce(
        perfMapAllowedAfter(previous) ? command : { ...command, args: withoutJitEventFlags(command.args) },
        ...rest,
      ),
    args[3].signal,
  );
}

interface RuntimeChildOptions {
  stepTimeoutMs: number;
  stderrTailBytes: number;
  signal?: AbortSignal | undefined;
  label: string;
  /** The environment the child starts from (the worker passes a minimal one); default this process's. */
  env?: NodeJS.ProcessEnv | undefined;
}

function runOnce(
  command: ChildCommand,
  /** The request; a string is written as it is (tests send requests a child must refuse). */
  request: RuntimeRequest | string,
  handlers: ChildHandlers,
  opts: RuntimeChildOptions,
): Promise<ChildExit & Attempt> {
  return new Promise((resolve) => {
    let stderr = "";
    let problem: string | undefined;
    let completed = false;
    let settled = false;
    const child = spawn(command.cmd, command.args, {
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...(opts.env ?? process.env), ...command.env },
    });
    const killGroup = (why: string) => {
      problem ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () =>
          killGroup(
            `${opts.label} said nothing for ${opts.stepTimeoutMs} ms (WIREBENCH_RUNTIME_STEP_TIMEOUT_MS)`,
          ),
        opts.stepTimeoutMs,
      );
    };
    const onAbort = () => killGroup(`${opts.label} was stopped`);
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    arm();

    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-opts.stderrTailBytes);
    });
    // A child that exits early closes its stdin: writing then must not crash the parent.
    child.stdin.on("error", () => undefined);
    const requestLine = typeof request === "string" ? request : JSON.stringify(request);
    child.stdin.write(requestLine.endsWith("\n") ? requestLine : `${requestLine}\n`);
    const lines = createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY });
    let heard = false;
    lines.on("line", (line) => {
      heard = true;
      if (problem || !line.trim()) return;
      arm();
      let message: ChildMessage;
      try {
        const parsed = childMessageSchema.safeParse(JSON.parse(line));
        if (!parsed.success)
          throw new Error(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
        message = parsed.data;
      } catch (err) {
        killGroup(
          `${opts.label} wrote a line outside the protocol (${(err as Error).message}): ${line.slice(0, 200)}`,
        );
        return;
      }
      try {
        handlers.onMessage(message, line);
        if (message.type === "ready") child.stdin.write(`${JSON.stringify(handlers.plan())}\n`);
        if (message.type === "done") completed = true;
      } catch (err) {
        killGroup(`${opts.label}: ${(err as Error).message}`);
      }
    });
    const finish = (code: number | null, sig: NodeJS.Signals | null, startError?: Error) => {
      if (settled) return;
      settled = true;
      removeLeftPerfMap(child.pid, command.args);
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      const tail = stderr.trim().split("\n").slice(-5).join("\n");
      if (completed && !problem && code === 0) return resolve({ completed: true, code, stderr });
      const how = startError
        ? `${opts.label} did not start: ${startError.message}`
        : (problem ??
          (completed
            ? `${opts.label} exited with ${sig ?? `code ${code}`} after it finished`
            : `${opts.label} exited with ${sig ?? `code ${code}`} before it finished`));
      resolve({
        completed: false,
        error: tail ? `${how}; stderr: ${tail}` : how,
        code,
        stderr,
        ...(!heard && !problem && !startError && sig ? { signalledUnheard: sig } : {}),
      });
    };
    child.on("error", (err) => finish(null, null, err));
    // `close` waits for stdout to drain, so every line the child wrote has been handled.
    child.on("close", (code, sig) => finish(code, sig));
  });
}
