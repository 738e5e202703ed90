import { readdirSync, readFileSync } from "node:fs";

/**
 * A process's resident memory in bytes, from /proc/<pid>/status (VmRSS), or undefined where there is
 * no /proc (not Linux) or the process is gone.
 */
export function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Direct children of a process, from every thread's /proc/<pid>/task/<tid>/children. */
function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
          .split(" ")
          .filter(Boolean)
          .map(Number);
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}

/**
 * Resident memory of a process and all its descendants (a measurement child and the schema compilers
 * it runs), so a compiler that balloons is charged to the child that started it. Undefined when the
 * process itself cannot be read.
 */
export function treeResidentBytes(pid: number): number | undefined {
  const own = residentBytes(pid);
  if (own === undefined) return undefined;
  let total = own;
  const queue = childrenOf(pid);
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    total += residentBytes(p) ?? 0;
    queue.push(...childrenOf(p));
  }
  return total;
}
