import type { z } from "zod";
import { AppError, toAppError } from "../app-error.ts";

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorResponse(err: AppError): Response {
  return json({ error: { code: err.code, message: err.message } }, err.status, err.headers);
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
  const issue = error.issues[0]!;
  return new AppError(
    "BAD_REQUEST",
    `Invalid ${what}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`,
  );
}
