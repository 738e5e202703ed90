/**
 * Child process entry: prepares every format it is given (outside timing), verifies round trips and
 * sizes when asked, warms every format up and counts allocations, then waits for the parent's go
 * (other children may be timing) and measures all formats interleaved in rounds. Reports each step
 * before it starts so the parent can kill a format that hangs or runs out of memory and name it.
 */
import { readFileSync } from "node:fs";
import { deserialize } from "node:v8";
import type { Dataset } from "@wirebench/schemas";
import { send } from "./child-ipc.ts";
import { endWithParent } from "./end-with-parent.ts";
import { jitEventCounter } from "./jit-events.ts";
import { measureRounds } from "./measure-rounds.ts";
import { prepareLive } from "./prepare-live.ts";
import type { ChildJob } from "./protocol.ts";
import { checksum } from "./timed-batch.ts";

endWithParent();
// Opened (and unlinked) first thing, so a child killed at any later point leaves no map behind.
const jitEvents = jitEventCounter();

async function run(job: ChildJob): Promise<void> {
  const dataset = deserialize(readFileSync(job.datasetPath)) as Dataset;
  const live = await prepareLive(job, dataset);
  if (job.verifyOnly) return;
  await measureRounds(live, job.settings, job.processes, jitEvents);
}

process.once("message", (job: ChildJob) => {
  run(job)
    .then(() => send({ type: "done", checksum: checksum() }))
    .then(() => process.exit(0))
    .catch((err) => {
      process.stderr.write(`${(err as Error)?.stack ?? err}\n`);
      process.exit(1);
    });
});
