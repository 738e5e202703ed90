import { readdirSync, readFileSync } from "node:fs";

/** Live (not zombie) processes whose command line is exactly `argv`. */
export function processesRunning(argv: string[]): number[] {
  const wanted = `${argv.join("\0")}\0`;
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8");
        const state = stat.slice(stat.lastIndexOf(")") + 2)[0];
        return state !== "Z" && readFileSync(`/proc/${d}/cmdline`, "utf8") === wanted;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Processes whose parent is `parent`, from /proc (a forked child is one before it has exec'd). */
function childrenOf(parent: number): Set<number> {
  const pids = new Set<number>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) pids.add(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * Calls `start`, which forks a child synchronously (child_process does), and returns what it
 * returned with the pids of the children it forked: a test can signal one before it has started,
 * since Node needs tens of milliseconds to boot.
 */
export function withForked<T>(start: () => T): { started: T; forked: number[] } {
  const before = childrenOf(process.pid);
  const started = start();
  return { started, forked: [...childrenOf(process.pid)].filter((pid) => !before.has(pid)) };
}

/** The command lines (argv) of the live processes whose parent is `parent`. */
export function childCommandLines(parent = process.pid): string[][] {
  return [...childrenOf(parent)].flatMap((pid) => {
    try {
      return [readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean)];
    } catch {
      return [];
    }
  });
}
