import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type ChildIdentity, childEnv } from "./child-sandbox.ts";
import { treeResidentBytes } from "./resident-memory.ts";

const require = createRequire(import.meta.url);
/** Absolute loader URL so the child works whatever the caller's working directory is. */
const tsxLoader = pathToFileURL(require.resolve("tsx")).href;

export interface MemoryBounds {
  /** V8 old-space limit (--max-old-space-size), MB. */
  heapMb: number;
  /** Resident memory of the child and every process it starts (compilers), MB. */
  rssMb: number;
  /** How often the resident size is read, ms. */
  rssPollMs: number;
}

export interface BoundedOptions extends MemoryBounds {
  /** Node flags beyond the loader and the heap limit. */
  execArgv?: string[];
  /** Run as this user (see chooseChildIdentity); undefined keeps this process's user. */
  identity?: ChildIdentity | undefined;
  /** A program that runs Node (e.g. `["valgrind", "--tool=callgrind"]`); Node's path follows its arguments. */
  wrapper?: string[];
  /** Whether Node gets the TypeScript loader; a plain JavaScript entry can start without it. Default true. */
  typescript?: boolean;
  /** Variables added to the child's minimal environment. */
  env?: Record<string, string>;
}

export type KillCause = "time" | "resident" | "abort";

export interface BoundedExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last 8 KB of the child's stderr. */
  stderr: string;
  /** Set when this side killed the child, and why. */
  killed?: KillCause;
}

export interface BoundedChild {
  child: ChildProcess;
  /** Kills the child's whole process group (compilers it started included). The first cause wins. */
  kill(cause: KillCause): void;
  exited: Promise<BoundedExit>;
}

/** How long after a child's exit its pipes may take to close before its end is reported anyway. */
const CLOSE_AFTER_EXIT_MS = 5_000;

/**
 * Forks a TypeScript entry in a process group of its own, with a heap limit, a resident-memory
 * watchdog over the child and its descendants, a minimal environment and (as root) an unprivileged
 * user. Every kill, and the child's exit, takes its whole group down, so a compiler it started
 * cannot outlive it. The group also keeps a SIGTERM to the parent's group (scripts/up.mjs stopping the
 * worker) from reaching the child.
 */
export function forkBounded(entry: string, opts: BoundedOptions): BoundedChild {
  const loader = opts.typescript === false ? [] : ["--import", tsxLoader];
  const nodeArgs = [...loader, `--max-old-space-size=${opts.heapMb}`, ...(opts.execArgv ?? [])];
  const [wrapperPath, ...wrapperArgs] = opts.wrapper ?? [];
  const child = fork(entry, [], {
    ...(wrapperPath
      ? { execPath: wrapperPath, execArgv: [...wrapperArgs, process.execPath, ...nodeArgs] }
      : { execArgv: nodeArgs }),
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    detached: true,
    env: { ...childEnv(opts.identity), ...opts.env },
    ...(opts.identity ? { uid: opts.identity.uid, gid: opts.identity.gid } : {}),
  });
  let killed: KillCause | undefined;
  const killGroup = () => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // The group is gone (ESRCH): nothing left to stop.
    }
  };
  const kill = (cause: KillCause) => {
    killed ??= cause;
    killGroup();
  };
  // The heap limit is V8's; Buffers, native memory and compilers are watched from here.
  const watchdog = setInterval(() => {
    const bytes = child.pid === undefined ? undefined : treeResidentBytes(child.pid);
    if (bytes !== undefined && bytes > opts.rssMb * 1024 * 1024) kill("resident");
  }, opts.rssPollMs).unref();
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString("utf8")).slice(-8192);
  });
  const exited = new Promise<BoundedExit>((resolve) => {
    child.on("error", (err) => {
      stderr += `\n${err.message}`;
    });
    const settle = (code: number | null, signal: NodeJS.Signals | null) =>
      resolve({ code, signal, stderr, ...(killed ? { killed } : {}) });
    child.on("exit", (code, signal) => {
      clearInterval(watchdog);
      // A compiler still running after its child died would be orphaned: end the group with it.
      killGroup();
      // 'exit' can come before the child's last IPC messages and stderr are read (a verify-only child
      // sends `done` and exits at once: conformance saw "exited (code 0) while verifying"); 'close'
      // comes once they all were. The timer covers a descendant outside the group holding stderr.
      const late = setTimeout(() => settle(code, signal), CLOSE_AFTER_EXIT_MS);
      child.once("close", () => {
        clearTimeout(late);
        settle(code, signal);
      });
    });
  });
  return { child, kill, exited };
}

/** The settings behind each bound, named in the message so a reader knows what to raise. */
export interface BoundSettingNames {
  heapMb?: string;
  rssMb?: string;
}

/**
 * "exceeded the memory limit (N MB resident|heap)" when a bound killed the child, else undefined;
 * with `names`, the setting follows the figure ("(300 MB resident, WORKER_RUNTIMES_RSS_MB)").
 */
export function memoryBoundExceeded(
  exit: BoundedExit,
  bounds: MemoryBounds,
  names: BoundSettingNames = {},
): string | undefined {
  const named = (name: string | undefined) => (name ? `, ${name}` : "");
  if (exit.killed === "resident")
    return `exceeded the memory limit (${bounds.rssMb} MB resident${named(names.rssMb)})`;
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(exit.stderr)) {
    return `exceeded the memory limit (${bounds.heapMb} MB heap${named(names.heapMb)})`;
  }
  return undefined;
}

/** The last line the child wrote to stderr, for a death no bound explains. */
export function lastErrorLine(exit: BoundedExit): string | undefined {
  return exit.stderr.trim().split("\n").filter(Boolean).slice(-1)[0]?.slice(0, 300);
}
