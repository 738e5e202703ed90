export { parseWorkerEnv, type WorkerEnv, workerEnvSchema } from "./env.ts";
export { startWorker } from "./start-worker.ts";
