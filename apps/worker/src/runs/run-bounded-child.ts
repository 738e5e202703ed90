import { once } from "node:events";
import {
  type BoundedExit,
  type BoundSettingNames,
  type ChildIdentity,
  forkBounded,
  lastErrorLine,
  type MemoryBounds,
  memoryBoundExceeded,
} from "@wirebench/codecs";

export interface ChildBounds extends MemoryBounds {
  /** Wall-clock limit of the child, ms. */
  timeoutMs: number;
}

/** The settings behind a child's bounds, named in the reason it was stopped. */
export interface ChildBoundNames extends BoundSettingNames {
  timeoutMs?: string;
}

export interface BoundedChildOptions<M> {
  bounds: ChildBounds;
  identity?: ChildIdentity | undefined;
  signal?: AbortSignal | undefined;
  /** Variables added to the child's minimal environment. */
  env?: Record<string, string>;
  /** Every message the child sends, in order. */
  onMessage: (message: M) => void;
}

/**
 * The worker's pattern for work it must not do itself (preparing a run's data, measuring other
 * runtimes): fork `entry` with forkBounded (heap and resident limits, own process group, minimal
 * environment), send it `request`, hand each message it sends to `onMessage`, kill it at
 * `bounds.timeoutMs`, and resolve with how it ended once every message it sent was read. A stop
 * through `signal` rejects with the signal's reason: the run is over, nothing to report.
 */
export async function runBoundedChild<M>(
  entry: string,
  request: unknown,
  opts: BoundedChildOptions<M>,
): Promise<BoundedExit> {
  const bounded = forkBounded(entry, {
    ...opts.bounds,
    identity: opts.identity,
    ...(opts.env ? { env: opts.env } : {}),
  });
  const { child } = bounded;
  child.on("message", opts.onMessage);
  const timer = setTimeout(() => bounded.kill("time"), opts.bounds.timeoutMs);
  const onAbort = () => bounded.kill("abort");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();
  child.send(request as object);
  const exit = await bounded.exited;
  // 'exit' can come before the last messages are read; the channel closes only after them. (An
  // 'error' rejects once(): the exit above already says what happened.)
  if (child.connected) await once(child, "disconnect").catch(() => {});
  clearTimeout(timer);
  opts.signal?.removeEventListener("abort", onAbort);
  if (exit.killed === "abort") throw opts.signal?.reason ?? new Error("the run was stopped");
  return exit;
}

/**
 * Why a bounded child ended before its work was done: the time or memory bound that stopped it
 * (naming its setting when `names` has one), else how its process exited and its last error line.
 */
export function whyChildEnded(exit: BoundedExit, bounds: ChildBounds, names: ChildBoundNames = {}): string {
  if (exit.killed === "time")
    return `exceeded the time limit (${bounds.timeoutMs} ms${names.timeoutMs ? `, ${names.timeoutMs}` : ""})`;
  const bound = memoryBoundExceeded(exit, bounds, names);
  if (bound) return bound;
  const last = lastErrorLine(exit);
  return `failed: its process exited (${exit.signal ?? `code ${exit.code}`})${last ? `: ${last}` : ""}`;
}
