import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { createPrismaClient, type InputKind, type PrismaClient } from "@wirebench/db";
import { createTestDatabase, type TestDatabase } from "@wirebench/db/testing";
import { createRunQueue, enqueueRun } from "@wirebench/jobs";
import type { Job, Queue } from "bullmq";
import { parseWorkerEnv } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { createRunJobHandler } from "../src/runs/handle-run-job.ts";
import { createRunPipeline, pipelineSettings, runWorkDirPrefix } from "../src/runs/run-pipeline.ts";

const mainPath = fileURLToPath(new URL("../src/main.ts", import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exit(): Promise<number | null>;
}

/**
 * The real worker (src/main.ts) as a child process, with settings for fast failure detection.
 * `detached` gives it a process group of its own, as scripts/up.mjs does, so a test can signal the group.
 */
export function spawnWorker(env: Record<string, string>, opts: { detached?: boolean } = {}): WorkerProcess {
  return spawnNode(["--import", "tsx", mainPath], env, opts);
}

/** `node <args>` with this environment plus `env`, its stdout and stderr collected in one string. */
export function spawnNode(
  args: string[],
  env: Record<string, string>,
  opts: { detached?: boolean } = {},
): WorkerProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: opts.detached === true,
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  return {
    child,
    output: () => out,
    exit: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
        else child.once("exit", (code) => resolve(code));
      }),
  };
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RunFixture {
  db: TestDatabase;
  prisma: PrismaClient;
  queue: Queue;
  queueName: string;
  redisUrl: string;
  /** Writes a run row as the web app does, then enqueues its job. */
  createRun(sample: string, formats: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function createRunFixture(
  label: string,
  redisUrl = "redis://127.0.0.1:6379",
): Promise<RunFixture> {
  const db = await createTestDatabase(label);
  const prisma = createPrismaClient(db.url);
  const queueName = `test-${label}-${randomBytes(4).toString("hex")}`;
  const queue = createRunQueue(redisUrl, queueName);
  return {
    db,
    prisma,
    queue,
    queueName,
    redisUrl,
    async createRun(sample, formats) {
      const id = randomBytes(16).toString("base64url");
      await prisma.run.create({
        data: { id, inputKind: "json", sampleText: sample, formats, options: { quick: true } },
      });
      await enqueueRun(queue, id);
      return id;
    },
    async close() {
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** A model of the conformance suite (packages/conformance/data/models), as text. */
export const readModel = (name: string) =>
  readFileSync(new URL(`../../../packages/conformance/data/models/${name}`, import.meta.url), "utf8");

export const terminal = new Set(["completed", "failed", "canceled"]);

/** The temp dirs of one run (they hold its sample), as the worker names them. */
export const workDirsOf = (runId: string) =>
  readdirSync(tmpdir()).filter((d) => d.startsWith(runWorkDirPrefix(runId)));

/** Runs `body` with a worker process started with `env`, and stops that worker afterwards. */
export async function withWorker<T>(
  env: Record<string, string>,
  body: (w: WorkerProcess) => Promise<T>,
): Promise<T> {
  const worker = spawnWorker(env);
  try {
    return await body(worker);
  } finally {
    worker.child.kill("SIGTERM");
    await worker.exit();
  }
}

/**
 * A JSON Schema whose synthetic data explodes: every object has ten arrays of objects, four levels
 * deep, so one message holds hundreds of thousands of objects (the tester's hostile schema).
 */
export function explodingSchema(levels: number): object {
  if (levels === 0) return { type: "string" };
  const inner = explodingSchema(levels - 1);
  const properties = Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [`f${i}`, { type: "array", items: inner }]),
  );
  return { type: "object", properties, required: Object.keys(properties) };
}

/** The run row's fields a test sets (the rest take their defaults); its id is made here. */
export interface RunRow {
  inputKind: InputKind;
  sampleText?: string;
  schemaText?: string;
  formats: string[];
  /** What the web stored (storedRunOptionsSchema); the pipeline reads it through that contract. */
  options: { [key: string]: Json };
}
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Writes a run row as the web app does, runs its job in this process with the real pipeline
 * (handleRunNow) and returns the run with its FormatResult rows: the set-up of every test that
 * measures one run end to end.
 */
export async function measureRunNow(prisma: PrismaClient, data: RunRow, env: Record<string, string> = {}) {
  const id = randomBytes(16).toString("base64url");
  await prisma.run.create({ data: { ...data, id } });
  await handleRunNow(prisma, id, env);
  return prisma.run.findUniqueOrThrow({ where: { id }, include: { results: true } });
}

/**
 * Runs one run's job in this process with the real pipeline, as a worker would: default settings,
 * but for the worker settings in `env`.
 */
export async function handleRunNow(
  prisma: PrismaClient,
  runId: string,
  env: Record<string, string> = {},
): Promise<void> {
  const handle = createRunJobHandler({
    prisma,
    pipeline: createRunPipeline(pipelineSettings(parseWorkerEnv(env))),
    logger: createLogger("silent"),
    leaseMs: 30_000,
  });
  await handle({ data: { runId }, attemptsMade: 0, opts: { attempts: 3 } } as unknown as Job);
}
