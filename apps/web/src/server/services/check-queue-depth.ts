import { AppError } from "../app-error.ts";
import type { Services } from "./container.ts";

/** What a refused client is told to wait: about how long a worker takes to get through a few runs. */
export const queueFullRetryAfterS = 30;

/**
 * Refuses a new run while more than WIREBENCH_MAX_QUEUE_DEPTH jobs wait, so a burst cannot queue work
 * for hours that every later user waits behind. 503 with Retry-After: the service is busy, and the
 * same request will succeed later.
 */
export async function checkQueueDepth(services: Services): Promise<void> {
  const waiting = await services.queue.getWaitingCount();
  const max = services.env.WIREBENCH_MAX_QUEUE_DEPTH;
  if (waiting < max) return;
  throw new AppError(
    "UNAVAILABLE",
    `The run queue is full (${waiting} waiting; WIREBENCH_MAX_QUEUE_DEPTH is ${max}); retry in ${queueFullRetryAfterS} s.`,
    { "Retry-After": String(queueFullRetryAfterS) },
  );
}
