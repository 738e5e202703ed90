import { Worker } from "node:worker_threads";

const endGroup = `try { process.kill(-process.pid, "SIGKILL"); } catch { process.kill(process.pid, "SIGKILL"); }`;

/**
 * For a child started by forkBounded: it leads a process group of its own (so a signal to the
 * worker's group spares it) and nothing else would stop it when the parent dies, so the parent's IPC
 * channel closing ends the whole group, a schema compiler the child started included.
 * A child stuck in a synchronous loop never yields, so `disconnect` cannot fire (the timer that would
 * kill it died with the parent): a thread of its own notices the parent is gone (the process was
 * re-parented) and ends the group. It wakes twice a second and allocates next to nothing.
 * `watcherThread: false` leaves it out where its work would be measured (callgrind counts every
 * thread's instructions, so its wake-ups landed in instruction counts at random).
 */
export function endWithParent(opts: { watcherThread?: boolean } = {}): void {
  process.on("disconnect", () => {
    try {
      process.kill(-process.pid, "SIGKILL");
    } catch {
      process.exit(3);
    }
  });
  if (opts.watcherThread === false) return;
  new Worker(
    `const { workerData } = require("node:worker_threads");
     setInterval(() => { if (process.ppid !== workerData.parent) { ${endGroup} } }, 500);`,
    { eval: true, workerData: { parent: process.ppid } },
  ).unref();
}
