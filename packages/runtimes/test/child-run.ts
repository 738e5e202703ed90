import { spawnSync } from "node:child_process";
import type { ChildMessage, PlanMessage, RuntimeRequest, RuntimeSettings } from "@wirebench/contracts";
import { type ChildCommand, runRuntimeChild } from "../src/child/run-runtime-child.ts";

/**
 * The one way tests talk to a runtime child directly: through the driver's own runner
 * (`runRuntimeChild`: process group, request line, every stdout line checked with the protocol's
 * zod, the plan after `ready`), so a test sees the child exactly as the parent does. The per-runtime
 * helper modules (java-child.ts, python-child-io.ts) only keep their names over this one.
 */

/** Quick settings (the Node harness's `quickSettings`): a test needs samples, not precision. */
export const quickRuntimeSettings: RuntimeSettings = {
  rounds: 2,
  targetSampleMs: 0.25,
  warmupMinMs: 5,
  warmupMinIterations: 20,
  warmupEnoughMs: 50,
  warmupMaxMs: 100,
  warmupTolerance: 0.1,
};

export interface ChildRun {
  messages: ChildMessage[];
  /** The plan the test answered `ready` with: samples per `${id} ${op}`. */
  plan: Map<string, number>;
  code: number | null;
  stderr: string;
  /** Why the child did not finish (the runner's sentence), when it did not. */
  error?: string;
}

export interface ChildRunOptions {
  /** Samples planned for every calibrated operation. Default 3. */
  samples?: number;
  /** The environment the child starts from; default this process's. */
  env?: NodeJS.ProcessEnv;
  /** Longest the child may stay silent before its group is killed: a hang fails, never stalls CI. */
  silentMs?: number;
}

const label = "the child under test";

/**
 * Runs one child on `request` (a string is written as is) and answers `ready` with `samples` per
 * calibrated operation. Rejects when the child cannot start or writes a line outside the protocol;
 * any other end (an exit code, a refusal on stderr) is the test's to assert.
 */
export async function runChildCommand(
  command: ChildCommand,
  request: RuntimeRequest | string,
  opts: ChildRunOptions = {},
): Promise<ChildRun> {
  const samples = opts.samples ?? 3;
  const messages: ChildMessage[] = [];
  const plan = new Map<string, number>();
  const exit = await runRuntimeChild(
    command,
    request,
    {
      onMessage(m) {
        messages.push(m);
        if (m.type === "calibrated") plan.set(`${m.id} ${m.op}`, samples);
      },
      plan: (): PlanMessage => ({
        type: "plan",
        plans: [...plan].map(([key, n]) => {
          const [id, op] = key.split(" ") as [string, "encode" | "decode" | "access"];
          return { id, op, samples: n };
        }),
      }),
    },
    {
      stepTimeoutMs: opts.silentMs ?? 150_000,
      // Whole stderr for the test's messages (a child under test writes little).
      stderrTailBytes: 1 << 20,
      label,
      env: opts.env,
    },
  );
  const broken = [`${label} wrote a line outside the protocol`, `${label} did not start`];
  if (broken.some((b) => exit.error?.startsWith(b))) throw new Error(exit.error);
  return {
    messages,
    plan,
    code: exit.code,
    stderr: exit.stderr,
    ...(exit.error ? { error: exit.error } : {}),
  };
}

/** The messages of one type, typed, from a run or a list of messages. */
export function ofType<T extends ChildMessage["type"]>(
  from: ChildRun | ChildMessage[],
  type: T,
): Extract<ChildMessage, { type: T }>[] {
  const messages = Array.isArray(from) ? from : from.messages;
  return messages.filter((m): m is Extract<ChildMessage, { type: T }> => m.type === type);
}

/** Starts `command`, writes `stdin` as it is (no protocol), and returns what it wrote and its exit code. */
export function runRaw(
  command: ChildCommand,
  stdin: string,
  timeoutMs = 150_000,
): { code: number | null; stdout: string; stderr: string } {
  const res = spawnSync(command.cmd, command.args, {
    input: stdin,
    encoding: "utf8",
    timeout: timeoutMs,
    env: { ...process.env, ...command.env },
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}
