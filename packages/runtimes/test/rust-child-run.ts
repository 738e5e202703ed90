import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import {
  type ChildMessage,
  childMessageSchema,
  type RuntimeRequest,
  type RuntimeSettings,
} from "@wirebench/contracts";

/** Quick settings (the Node harness's `quickSettings`): a test needs samples, not precision. */
export const quickRustSettings: RuntimeSettings = {
  rounds: 2,
  targetSampleMs: 0.25,
  warmupMinMs: 5,
  warmupMinIterations: 20,
  warmupEnoughMs: 50,
  warmupMaxMs: 100,
  warmupTolerance: 0.1,
};

export interface RustChildRun {
  messages: ChildMessage[];
  /** The plan the test answered `ready` with: samples per `${id} ${op}`. */
  plan: Map<string, number>;
  code: number | null;
  stderr: string;
}

/**
 * Runs one Rust child on `request` as the parent does (docs/polyglot.md): one request line, every
 * stdout line checked with the protocol's zod (a line that is not a valid ChildMessage fails the
 * run), and after `ready` a plan giving each calibrated operation `samples` timed samples.
 */
export function runRustChild(
  cmd: string,
  request: RuntimeRequest | string,
  samples = 3,
): Promise<RustChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, [], { stdio: ["pipe", "pipe", "pipe"] });
    const messages: ChildMessage[] = [];
    const plan = new Map<string, number>();
    let stderr = "";
    let bad: Error | undefined;
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        const msg = childMessageSchema.parse(JSON.parse(line));
        messages.push(msg);
        if (msg.type === "calibrated") plan.set(`${msg.id} ${msg.op}`, samples);
        if (msg.type === "ready") {
          const plans = [...plan].map(([key, n]) => {
            const [id, op] = key.split(" ") as [string, "encode" | "decode"];
            return { id, op, samples: n };
          });
          child.stdin.write(`${JSON.stringify({ type: "plan", plans })}\n`);
        }
      } catch (err) {
        bad ??= new Error(`not a protocol line: ${line.slice(0, 200)} (${(err as Error).message})`);
      }
    });
    child.on("close", (code) => (bad ? reject(bad) : resolve({ messages, plan, code, stderr })));
    child.stdin.write(`${typeof request === "string" ? request : JSON.stringify(request)}\n`);
  });
}

/** The messages of one type, typed. */
export function ofType<T extends ChildMessage["type"]>(run: RustChildRun, type: T) {
  return run.messages.filter((m): m is Extract<ChildMessage, { type: T }> => m.type === type);
}
