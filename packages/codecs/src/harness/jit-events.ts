import { closeSync, openSync, readSync, unlinkSync } from "node:fs";

/**
 * The Node flag that makes V8 append a line to `/tmp/perf-<pid>.map` for every function it
 * compiles, with its tier (`JS:*name` for TurboFan). Meant for Linux's perf, the file is written a
 * line at a time, so a process can follow its own compilations as they happen; V8's `--log-code`
 * log is buffered and showed a function's optimisation only several compilations later.
 */
export const jitEventFlags = ["--perf-basic-prof-only-functions"];

/** Where V8 writes the map of process `pid` (see jitEventFlags). */
export function perfMapPath(pid: number): string {
  return `/tmp/perf-${pid}.map`;
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
