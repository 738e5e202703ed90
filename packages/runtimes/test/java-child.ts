import type { ChildMessage, RuntimeRequest } from "@wirebench/contracts";
import { javaRuntime } from "../src/definitions/java.ts";
import { ofType as ofMessages, quickRuntimeSettings, runChildCommand, runRaw } from "./child-run.ts";

/**
 * The Java tests' names for the shared child runner (child-run.ts): the real Java child spoken to
 * directly with the protocol, every line checked against the contract.
 */

/** Quick-like timing settings, so a test run stays short; the JVM's own warm-up floor still applies. */
export const testSettings = quickRuntimeSettings;

export interface ChildRun {
  messages: ChildMessage[];
  code: number | null;
  stderr: string;
  /** The plan the helper sent after `ready`. */
  plan: { id: string; op: string; samples: number }[];
}

/**
 * The JVM's warm-up rules, lowered for tests (up to 10 s per operation by default, waiting for the
 * JIT to settle): on a loaded machine each of 16 operations could take that long.
 */
const testEnv = {
  ...process.env,
  WIREBENCH_JAVA_WARMUP_ENOUGH_MS: "250",
  WIREBENCH_JAVA_WARMUP_MAX_MS: "1000",
};

/** Runs one Java child on `request`: every `calibrated` operation gets `samples` samples. */
export async function runJavaChild(
  request: RuntimeRequest,
  generatedDirs: string[],
  samples = 4,
): Promise<ChildRun> {
  const run = await runChildCommand(javaRuntime.command(generatedDirs), request, { samples, env: testEnv });
  const plan = [...run.plan].map(([key, n]) => {
    const [id, op] = key.split(" ") as [string, string];
    return { id, op, samples: n };
  });
  return { messages: run.messages, code: run.code, stderr: run.stderr, plan };
}

/** Starts the child, writes `stdin` as is, and returns its exit code, stdout and stderr. */
export async function runJavaRaw(
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runRaw(javaRuntime.command([]), stdin);
}

/** The messages of one type, typed. */
export function ofType<T extends ChildMessage["type"]>(
  messages: ChildMessage[],
  type: T,
): Extract<ChildMessage, { type: T }>[] {
  return ofMessages(messages, type);
}
