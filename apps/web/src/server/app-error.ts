import { type ErrorCode, errorStatuses } from "@wirebench/contracts";
import { isPostgresDown } from "@wirebench/db";
import { isRedisDown } from "@wirebench/jobs";

export type { ErrorCode };

/** The one error type services throw; its code (the contract's list) decides the HTTP status and the tRPC code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
  get status(): number {
    return errorStatuses[this.code];
  }
}

/** Maps anything thrown to an AppError; PostgreSQL or Redis being down becomes 503, not 500. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isPostgresDown(err) || isRedisDown(err)) {
    return new AppError(
      "UNAVAILABLE",
      "A backing service (PostgreSQL or Redis) is unavailable; try again shortly.",
    );
  }
  return new AppError("INTERNAL", "Internal error.");
}
