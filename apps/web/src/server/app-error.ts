import { isPostgresDown } from "@wirebench/db";
import { isRedisDown } from "@wirebench/jobs";

/** The one error type services throw; its code decides the HTTP status and the tRPC code. */
export const errorCodes = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

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
    return errorCodes[this.code];
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
