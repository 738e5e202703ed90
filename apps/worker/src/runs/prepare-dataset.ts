import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type ChildIdentity,
  type DatasetFile,
  forkBounded,
  lastErrorLine,
  type MemoryBounds,
  memoryBoundExceeded,
} from "@wirebench/codecs";
import type { RunInput, RunOptions } from "./dataset-of.ts";
import type { PreparedSweep, PrepareReply, PrepareRequest } from "./prepare-protocol.ts";

export const prepareChildEntry = fileURLToPath(new URL("./prepare-dataset-child.ts", import.meta.url));

export interface PrepareBounds extends MemoryBounds {
  /** Wall-clock limit of the child, ms. */
  timeoutMs: number;
}

export interface PrepareContext {
  /** The run's work dir (writable by `identity`); the dataset file goes there. */
  workDir: string;
  identity?: ChildIdentity | undefined;
  bounds: PrepareBounds;
  signal?: AbortSignal | undefined;
}

/**
 * Parses, infers or synthesizes a run's dataset in a bounded child (forkBounded: heap and resident
 * limits, process group, minimal environment, unprivileged user) and leaves it in a file the
 * measurement children read. A child that exceeds a bound fails the run with an error naming it,
 * ("preparing the data exceeded the memory limit (512 MB resident)"), never the worker.
 */
export async function prepareDataset(
  input: RunInput,
  options: RunOptions,
  ctx: PrepareContext,
): Promise<DatasetFile & { sweep?: PreparedSweep }> {
  const path = join(ctx.workDir, "dataset.v8");
  const bounded = forkBounded(prepareChildEntry, { ...ctx.bounds, identity: ctx.identity });
  let reply: PrepareReply | undefined;
  bounded.child.on("message", (m: PrepareReply) => {
    reply ??= m;
  });
  const timer = setTimeout(() => bounded.kill("time"), ctx.bounds.timeoutMs);
  const onAbort = () => bounded.kill("abort");
  ctx.signal?.addEventListener("abort", onAbort, { once: true });
  if (ctx.signal?.aborted) onAbort();
  const request: PrepareRequest = { input, options, path };
  bounded.child.send(request);
  const exit = await bounded.exited;
  clearTimeout(timer);
  ctx.signal?.removeEventListener("abort", onAbort);

  if (exit.killed === "abort") throw ctx.signal?.reason ?? new Error("the run was stopped");
  if (reply?.type === "error") throw new Error(reply.message);
  // The file is complete before the child replies, whatever happens to the child after.
  if (reply?.type === "done") {
    return {
      path,
      schema: reply.schema,
      messageCount: reply.messageCount,
      ...(reply.sweep ? { sweep: reply.sweep } : {}),
    };
  }
  if (exit.killed === "time")
    throw new Error(`preparing the data exceeded the time limit (${ctx.bounds.timeoutMs} ms)`);
  const bound = memoryBoundExceeded(exit, ctx.bounds);
  if (bound) throw new Error(`preparing the data ${bound}`);
  const last = lastErrorLine(exit);
  throw new Error(
    `preparing the data failed: its process exited (${exit.signal ?? `code ${exit.code}`})${last ? `: ${last}` : ""}`,
  );
}
