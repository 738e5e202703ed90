import { isPostgresDown } from "@wirebench/db";
import { isRedisDown } from "@wirebench/jobs";

/**
 * Failures worth retrying: the database or Redis went away for a moment (each package names its
 * client's "service is down" errors). Everything else a run throws (bad input, a schema that does
 * not parse, a bug) would fail the same way again.
 */
export function isTransient(err: unknown): boolean {
  return isPostgresDown(err) || isRedisDown(err);
}
