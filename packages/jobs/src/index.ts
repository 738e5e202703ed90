export { defaultQueueName, defaultRedisUrl, type QueueEnv, queueEnv } from "./queue-env.ts";
export { isRedisDown, pingRedis, redisHint } from "./redis-down.ts";
export {
  createRunQueue,
  enqueueRun,
  type RunJobPayload,
  runJob,
  runJobOptions,
} from "./run-job.ts";
