import { createPrismaClient, postgresHint, redactUrl } from "@wirebench/db";
import { pingRedis, redisHint } from "@wirebench/jobs";
import { parseWebEnv } from "../env.ts";

export interface StartupReport {
  /** A problem the app cannot run with (a bad setting): print it and exit. */
  fatal?: string;
  /** Services that did not answer: the app still starts and answers 503 until they do. */
  warnings: string[];
}

interface DriverCause {
  kind?: string;
  originalMessage?: string;
}
/** Prisma wraps the driver's error; its cause says what happened in words ("database … does not exist"). */
const driverCause = (err: unknown): DriverCause | undefined =>
  (err as { meta?: { driverAdapterError?: { cause?: DriverCause } } })?.meta?.driverAdapterError?.cause;

const reasonOf = (err: unknown) =>
  driverCause(err)?.originalMessage ??
  driverCause(err)?.kind ??
  (err as { code?: string })?.code ??
  (err as Error)?.message?.split("\n")[0] ??
  String(err);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref();
  });
  return Promise.race([p, timeout]);
}

/**
 * Checked once when the server starts, so a wrong setting or a service that is down is one clear line
 * in the log instead of a stack trace at the first request.
 */
export async function checkStartup(
  source: Record<string, string | undefined> = process.env,
  timeoutMs = 3_000,
): Promise<StartupReport> {
  let env: ReturnType<typeof parseWebEnv>;
  try {
    env = parseWebEnv(source);
  } catch (err) {
    return { fatal: (err as Error).message, warnings: [] };
  }
  // Clients of their own, without retries, closed again: the app's clients keep retrying quietly.
  const prisma = createPrismaClient(env.DATABASE_URL);
  const warnings: string[] = [];
  const probe = async (name: string, url: string, hint: string, check: () => Promise<unknown>) => {
    try {
      await withTimeout(check(), timeoutMs);
    } catch (err) {
      warnings.push(
        driverCause(err)?.kind === "DatabaseDoesNotExist"
          ? `PostgreSQL at ${redactUrl(url)} has no such database (${reasonOf(err)}). Run \`npm run db:migrate\`: it creates the database and applies the migrations.`
          : `${name} is not reachable at ${redactUrl(url)} (${reasonOf(err)}). ${hint} Until then the app answers 503.`,
      );
    }
  };
  await Promise.all([
    probe("PostgreSQL", env.DATABASE_URL, postgresHint, () => prisma.$queryRaw`SELECT 1`),
    probe("Redis", env.REDIS_URL, redisHint, () => pingRedis(env.REDIS_URL, timeoutMs)),
  ]);
  await prisma.$disconnect().catch(() => {});
  return { warnings };
}
