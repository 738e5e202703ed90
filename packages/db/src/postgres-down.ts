/**
 * What Prisma and node-postgres say when PostgreSQL is down, restarting or full, rather than when
 * a query is wrong: the web app answers 503 for these and the worker retries the run.
 */
const postgresDownPatterns = [
  /ECONNREFUSED/,
  /ECONNRESET/,
  /ETIMEDOUT/,
  /ENOTFOUND/,
  /EPIPE/,
  /Can't reach database server/,
  /terminating connection/,
  /Connection terminated/,
  /too many clients/,
];

/** Whether `err` (its message, code or cause) says PostgreSQL could not be reached or went away. */
export function isPostgresDown(err: unknown): boolean {
  const e = err as { message?: string; code?: string; cause?: unknown };
  const text = `${e?.message ?? ""} ${e?.code ?? ""} ${String(e?.cause ?? "")}`;
  return postgresDownPatterns.some((p) => p.test(text));
}
