import { type JobsOptions, Queue } from "bullmq";
import { z } from "zod";

import { defaultQueueName } from "./queue-env.ts";

/**
 * A run job carries the run id only: the sample, the schema and the options stay in PostgreSQL,
 * which is the source of truth for run state (docs/architecture.md, "From upload to page").
 */
export const runJob = {
  name: "run",
  payload: z.object({ runId: z.string().min(1) }),
} as const;
export type RunJobPayload = z.infer<typeof runJob.payload>;

/** Retries are for transient failures (a PostgreSQL or Redis hiccup); deterministic ones fail at once. */
export const runJobOptions: JobsOptions = {
  attempts: 3,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export function createRunQueue(redisUrl: string, queueName = defaultQueueName): Queue {
  // One reconnection attempt per command: a producer should fail fast (503), not hang, while Redis is down.
  return new Queue(queueName, { connection: { url: redisUrl, maxRetriesPerRequest: 1 } });
}

/** The job id is the run id, so enqueueing a run twice (a retry of the request, the sweeper) is harmless. */
export async function enqueueRun(queue: Queue, runId: string): Promise<void> {
  const payload: RunJobPayload = runJob.payload.parse({ runId });
  await queue.add(runJob.name, payload, { ...runJobOptions, jobId: runId });
}
