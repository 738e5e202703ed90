import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildIdentity, DatasetFile } from "@wirebench/codecs";
import type { RunInput, RunOptions } from "./dataset-of.ts";
import type { PreparedSweep, PrepareReply, PrepareRequest } from "./prepare-protocol.ts";
import { type ChildBounds, runBoundedChild, whyChildEnded } from "./run-bounded-child.ts";

export const prepareChildEntry = fileURLToPath(new URL("./prepare-dataset-child.ts", import.meta.url));

export type PrepareBounds = ChildBounds;

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
  let reply: PrepareReply | undefined;
  const request: PrepareRequest = { input, options, path };
  const exit = await runBoundedChild<PrepareReply>(prepareChildEntry, request, {
    bounds: ctx.bounds,
    identity: ctx.identity,
    signal: ctx.signal,
    onMessage: (m) => {
      reply ??= m;
    },
  });
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
  throw new Error(`preparing the data ${whyChildEnded(exit, ctx.bounds)}`);
}
