import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const started = new Map<string, Promise<void>>();

/** How often a process waiting for another's generation of the same folder looks again, ms. */
const waitPollMs = 50;

/** Whether the process that wrote the lock file is still running (an unreadable lock counts as alive). */
function lockHolderAlive(lock: string): boolean {
  const pid = Number(readFileSync(lock, "utf8"));
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One generation per folder across processes: the first to create `.generating` runs the compiler;
 * the others (a later replicate started beside the first child) wait for its `.generated` marker
 * instead of running the same compiler into the same folder at the same time. A holder that died
 * (its lock names a process that is gone) or failed (lock removed, no marker) leaves the folder to
 * the next process, which generates again and reports its own error.
 */
async function generateAcrossProcesses(workDir: string, generate: () => Promise<void>): Promise<void> {
  const marker = join(workDir, ".generated");
  const lock = join(workDir, ".generating");
  for (;;) {
    if (existsSync(marker)) return;
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let alive = true;
      try {
        alive = lockHolderAlive(lock);
      } catch {
        // The lock went away while being read: look again.
      }
      if (!alive) rmSync(lock, { force: true });
      else await sleep(waitPollMs);
      continue;
    }
    try {
      await generate();
      writeFileSync(marker, "");
      return;
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

/**
 * Runs a format's code generation into its folder at most once per process, and once per run: the
 * marker file lets the run's other child processes reuse the code (and wait for it while another
 * generates). The child starts every format's generation early and each prepare awaits it again
 * (variants such as thrift binary and compact share a folder), so both get the same promise, and the
 * same error if the compiler failed.
 */
export function generateOnce(workDir: string, generate: () => Promise<void>): Promise<void> {
  let p = started.get(workDir);
  if (!p) {
    p = generateAcrossProcesses(workDir, generate);
    started.set(workDir, p);
  }
  return p;
}
