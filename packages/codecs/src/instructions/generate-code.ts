import { chownSync, mkdirSync } from "node:fs";
import type { ChildIdentity } from "../harness/child-sandbox.ts";
import { forkBounded } from "../harness/fork-bounded.ts";
import { type Attempt, attemptOf, onceMoreIfKilledAtStart } from "../harness/once-more-at-start.ts";
import type { Limits } from "../harness/settings.ts";
import type { RegistryEntry } from "../registry/registry.ts";
import { whyProcessFailed } from "./count-process.ts";
import type { CountJob, CountMessage } from "./protocol.ts";
import type { InstructionSettings } from "./settings.ts";

/**
 * Runs a format's code generation (schema compiler, transpiler) into `codeDir` in the counting
 * bundle under plain Node, before any counting process starts; those find the folder generated
 * (generateOnce's marker) and only import the code. Generating inside a counting process made its
 * start-up differ from the next one's: the compiler's and esbuild's output arrive in chunks as
 * they come, and the JavaScript that ran meanwhile moved where V8 put the hidden classes the
 * counted code uses (docs/instructions.md, "What still moves between runs"). Resolves with the
 * format's error, if generation failed, else undefined. A process killed at start by a signal not
 * sent here is started once more (see onceMoreIfKilledAtStart).
 */
export async function generateBeforeCounting(
  ...args: Parameters<typeof generateOnce>
): Promise<string | undefined> {
  return (await onceMoreIfKilledAtStart(() => generateOnce(...args), args[6]?.signal)).error;
}

interface GenerateOptions {
  identity?: ChildIdentity | undefined;
  signal?: AbortSignal | undefined;
}

function generateOnce(
  bundle: string,
  entry: RegistryEntry,
  job: Pick<CountJob, "datasetPath" | "settings">,
  codeDir: string,
  settings: Pick<InstructionSettings, "formatTimeoutMs">,
  limits: Limits,
  opts: GenerateOptions = {},
): Promise<{ error?: string } & Attempt> {
  mkdirSync(codeDir, { recursive: true });
  if (opts.identity) chownSync(codeDir, opts.identity.uid, opts.identity.gid);
  const bounded = forkBounded(bundle, {
    typescript: false,
    heapMb: limits.memoryMb,
    rssMb: limits.rssMb,
    rssPollMs: limits.rssPollMs,
    identity: opts.identity,
  });
  let failed: string | undefined;
  const onAbort = () => bounded.kill("abort");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => bounded.kill("time"), settings.formatTimeoutMs);
  const full: CountJob = {
    ...job,
    entries: [entry],
    workDir: codeDir,
    dumpFile: "",
    codeDir,
    generateOnly: true,
  };
  let heard = false;
  bounded.child.on("message", (m: CountMessage) => {
    heard = true;
    if (m.type === "ready") bounded.child.send(full);
    else if (m.type === "failed") failed = m.error;
  });
  return bounded.exited.then((exit) => {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
    if (failed) return { error: failed };
    if (exit.code === 0) return {};
    const why = whyProcessFailed(exit, settings, limits);
    return {
      error: `${why} while generating code for ${entry.id}`,
      ...attemptOf(exit, heard),
    };
  });
}
