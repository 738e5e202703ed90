import { readFileSync } from "node:fs";

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
