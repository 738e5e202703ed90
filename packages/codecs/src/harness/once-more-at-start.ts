import type { BoundedExit } from "./fork-bounded.ts";

/** What one attempt at running a child reports besides its outcome. */
export interface Attempt {
  /**
   * The child died of a signal this side did not send, before it said a word. Forked the instant a
   * signal went to this process's group (scripts/up.mjs stopping the worker with SIGTERM), a child is
   * in that group until it calls setsid, and a loaded machine can leave it there for milliseconds
   * (CI: both formats of a run failed "exited (SIGTERM)"). None of its work had begun.
   */
  signalledUnheard?: NodeJS.Signals;
}

/**
 * Runs `attempt` (one child, start to end) and, if that child was killed as `signalledUnheard`
 * describes, once more, unless the caller stopped it. Shared by Node's measurement children and
 * the other runtimes' (`@wirebench/runtimes`).
 */
export async function onceMoreIfKilledAtStart<T extends object>(
  /** `previous`: how the first attempt ended, when this is the second. */
  attempt: (previous?: Attempt) => Promise<T & Attempt>,
  signal?: AbortSignal,
): Promise<T> {
  const first = await attempt();
  const last = first.signalledUnheard && !signal?.aborted ? await attempt(first) : first;
  const { signalledUnheard: _, ...outcome } = last;
  return outcome as T;
}

/** The Attempt of a bounded child that ended as `exit`, `heard` saying whether it sent anything. */
export function attemptOf(exit: BoundedExit, heard: boolean): Attempt {
  return !heard && !exit.killed && exit.signal !== null ? { signalledUnheard: exit.signal } : {};
}
