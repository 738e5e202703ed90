export {
  createRunQueue,
  defaultQueueName,
  enqueueRun,
  type RunJobPayload,
  runJob,
  runJobOptions,
} from "./run-job.ts";
