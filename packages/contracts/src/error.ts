import { z } from "zod";

/** Every error code the API answers with, and its HTTP status (tRPC maps the same codes). */
export const errorStatuses = {
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
export type ErrorCode = keyof typeof errorStatuses;
const errorCodes = Object.keys(errorStatuses) as [ErrorCode, ...ErrorCode[]];

/** Every REST failure: `{error: {code, message}}`, the message readable as it is. */
export const errorBodySchema = z
  .object({ error: z.object({ code: z.enum(errorCodes), message: z.string() }) })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof errorBodySchema>;
