import { type ErrorBody, firstIssue } from "@wirebench/contracts";
import type { z } from "zod";
import { AppError, toAppError } from "../app-error.ts";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * A body sent through its contract: what leaves the server is what the OpenAPI document describes
 * (fields the contract does not name are dropped). A body that does not match is a server bug,
 * answered as a 500 and logged with the first mismatches, never sent half-right.
 */
export function contractJson<S extends z.ZodType>(
  schema: S,
  body: z.input<S>,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error("wirebench-web: response does not match its contract", parsed.error.issues.slice(0, 5));
    throw new AppError("INTERNAL", "Internal error: the response did not match the API contract.");
  }
  return json(parsed.data, status, headers);
}

export function errorResponse(err: AppError): Response {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  return json(body, err.status, err.headers);
}

/** Runs a REST handler; every failure becomes `{error: {code, message}}` with its status. */
export async function handle(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (err) {
    const appError = toAppError(err);
    if (appError.code === "INTERNAL") console.error("wirebench-web: unhandled error", err);
    return errorResponse(appError);
  }
}

/** A failed zod parse as a 400 naming the first issue: `Invalid <what>: <path>: <message>`. */
export function invalid(what: string, error: z.ZodError): AppError {
  return new AppError("BAD_REQUEST", `Invalid ${what}: ${firstIssue(error)}`);
}
