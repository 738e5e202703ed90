import { accessSync, closeSync, constants, openSync, readSync, rmSync, statSync, unlinkSync } from "node:fs";
import type { ChildIdentity } from "./child-sandbox.ts";
import type { Attempt } from "./once-more-at-start.ts";

/**
 * The Node flag that makes V8 append a line to `/tmp/perf-<pid>.map` for every function it
 * compiles, with its tier (`JS:*name` for TurboFan). Meant for Linux's perf, the file is written a
 * line at a time, so a process can follow its own compilations as they happen; V8's `--log-code`
 * log is buffered and showed a function's optimisation only several compilations later.
 */
export const jitEventFlags = ["--perf-basic-prof-only-functions"];

/**
 * Whether a child running as `identity` (this process's user when undefined) can create its perf
 * map in `dir`: V8 stops the process at start (SIGTRAP) when it cannot, so without this the flag is
 * left off and warm-up goes by the timing alone. A map a stale process left at the child's pid, owned
 * by another user, stops it too; it died before its first message and is started once more
 * (onceMoreIfKilledAtStart), under a new pid.
 */
export function canWritePerfMap(identity: ChildIdentity | undefined, dir = "/tmp"): boolean {
  try {
    const st = statSync(dir);
    if (!st.isDirectory()) return false;
    if (!identity) {
      accessSync(dir, constants.W_OK);
      return true;
    }
    // Checked by mode, since this process (root, to run children as another user) may write anywhere.
    const bits = st.uid === identity.uid ? 0o200 : st.gid === identity.gid ? 0o020 : 0o002;
    return (st.mode & bits) !== 0 && (st.mode & (bits >> 1)) !== 0;
  } catch {
    return false;
  }
}

/** jitEventFlags for a child running as `identity`, or none where V8 could not write the map. */
export function jitEventFlagsFor(identity: ChildIdentity | undefined): string[] {
  return canWritePerfMap(identity) ? jitEventFlags : [];
}

/** Where V8 writes the map of process `pid` (see jitEventFlags). */
export function perfMapPath(pid: number): string {
  return `/tmp/perf-${pid}.map`;
}

/**
 * Whether a child's next attempt may have the perf map: not once V8 stopped the previous attempt
 * at start (SIGTRAP: it could not create the map, see canWritePerfMap); that child's warm-up then
 * goes by the timing alone.
 */
export function perfMapAllowedAfter(previous: Attempt | undefined): boolean {
  return previous?.signalledUnheard !== "SIGTRAP";
}

/** `args` without jitEventFlags. */
export function withoutJitEventFlags(args: string[]): string[] {
  return args.filter((a) => !jitEventFlags.includes(a));
}

/**
 * Removes the map of a child that ended, when its Node flags (`args`) asked V8 for one: the child
 * unlinks it as it starts (jitEventCounter), one that died sooner did not.
 */
export function removeLeftPerfMap(pid: number | undefined, args: string[]): void {
  if (pid !== undefined && args.some((a) => jitEventFlags.includes(a)))
    rmSync(perfMapPath(pid), { force: true });
}

/**
 * Counts the functions V8 has optimised so far in this process, reading only what was appended to
 * its perf map (see jitEventFlags) since the last call. The map is unlinked once open, so no process
 * leaves one behind, however it ends. Warm-up waits until the count stops moving (see
 * warmUpAndCalibrate): the time per call alone cannot tell a plateau before TurboFan from the
 * optimised code. Without a map it always returns 0 and warm-up goes by the timing alone.
 */
export function jitEventCounter(path = perfMapPath(process.pid)): () => number {
  let fd: number;
  try {
    fd = openSync(path, "r");
    unlinkSync(path);
  } catch {
    return () => 0;
  }
  process.once("exit", () => closeSync(fd));
  const chunk = Buffer.alloc(256 * 1024);
  let offset = 0;
  let partial = "";
  let events = 0;
  return () => {
    for (
      let n = readSync(fd, chunk, 0, chunk.length, offset);
      n > 0;
      n = readSync(fd, chunk, 0, chunk.length, offset)
    ) {
      offset += n;
      const lines = (partial + chunk.toString("latin1", 0, n)).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) if (isOptimised(line)) events++;
    }
    return events;
  };
}

/** `<address> <size> JS:*name`: TurboFan's code (`+`: Maglev's, for the Node versions that use it). */
function isOptimised(line: string): boolean {
  const tier = line.indexOf(" JS:") + 4;
  return tier > 3 && (line[tier] === "*" || line[tier] === "+");
}
