import { spawn } from "node:child_process";
import {
  type ChildMessage,
  childMessageSchema,
  type RuntimeRequest,
  type RuntimeSettings,
} from "@wirebench/contracts";
import { javaRuntime } from "../src/definitions/java.ts";

/**
 * Test helpers that speak the protocol (docs/polyglot.md) to the real Java child directly: write the
 * request, answer `ready` with a plan, and check every line the child writes against the contract.
 */

/** Quick-like timing settings, so a test run stays short; the JVM's own warm-up floor still applies. */
export const testSettings: RuntimeSettings = {
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
  code: number | null;
  stderr: string;
  /** The plan the helper sent after `ready`. */
  plan: { id: string; op: string; samples: number }[];
}

/**
 * The JVM's warm-up floor, lowered for tests (1 s per operation by default): on a loaded machine
 * warm-up seldom settles and each of 16 operations would take the full second.
 */
const testEnv = { ...process.env, WIREBENCH_JAVA_WARMUP_ENOUGH_MS: "250" };

/** Longest one child run may take in a test before it is killed (a hang must fail, not stall CI). */
const childTimeoutMs = 150_000;

/**
 * Runs one Java child on `request`: every `calibrated` operation gets `samples` samples. Each stdout
 * line must parse as a ChildMessage (a bad line rejects).
 */
export function runJavaChild(
  request: RuntimeRequest,
  generatedDirs: string[],
  samples = 4,
): Promise<ChildRun> {
  const { cmd, args } = javaRuntime.command(generatedDirs);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["pipe", "pipe", "pipe"], env: testEnv });
    const timer = setTimeout(() => child.kill("SIGKILL"), childTimeoutMs);
    const messages: ChildMessage[] = [];
    const plan: ChildRun["plan"] = [];
    let stderr = "";
    let pending = "";
    let bad: Error | undefined;
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      pending += d;
      for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        try {
          const m = childMessageSchema.parse(JSON.parse(line));
          messages.push(m);
          if (m.type === "calibrated") plan.push({ id: m.id, op: m.op, samples });
          if (m.type === "ready") child.stdin.end(`${JSON.stringify({ type: "plan", plans: plan })}\n`);
        } catch (err) {
          bad ??= new Error(`bad line from the Java child: ${line.slice(0, 300)}: ${(err as Error).message}`);
        }
      }
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (bad) reject(bad);
      else if (pending.trim() !== "") reject(new Error(`unterminated last line: ${pending.slice(0, 300)}`));
      else resolve({ messages, code, stderr, plan });
    });
    child.stdin.write(`${JSON.stringify(request)}\n`);
  });
}

/** Starts the child, writes `stdin` as is, and returns its exit code and stderr. */
export function runJavaRaw(stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { cmd, args } = javaRuntime.command([]);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["pipe", "pipe", "pipe"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), childTimeoutMs);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

/** The messages of one type, typed. */
export function ofType<T extends ChildMessage["type"]>(
  messages: ChildMessage[],
  type: T,
): Extract<ChildMessage, { type: T }>[] {
  return messages.filter((m): m is Extract<ChildMessage, { type: T }> => m.type === type);
}
