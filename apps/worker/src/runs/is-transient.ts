/**
 * Failures worth retrying: the database or Redis went away for a moment. Everything else a run
 * throws (bad input, a schema that does not parse, a bug) would fail the same way again.
 */
const transientPatterns = [
  /ECONNREFUSED/,
  /ECONNRESET/,
  /ETIMEDOUT/,
  /EPIPE/,
  /Connection is closed/,
  /Connection terminated/,
  /terminating connection/,
  /Can't reach database server/,
  /too many clients/,
];

export function isTransient(err: unknown): boolean {
  const e = err as { message?: string; code?: string; cause?: unknown };
  const text = `${e?.message ?? ""} ${e?.code ?? ""} ${String(e?.cause ?? "")}`;
  return transientPatterns.some((p) => p.test(text));
}
