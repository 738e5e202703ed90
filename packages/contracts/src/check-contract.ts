import type { z } from "zod";

/** A zod failure in one line: the first issue's path and message (`formats.0.bytes: Invalid input…`). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  return `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`;
}

/** Data that crossed a boundary (a response, a stored row) and does not have its contract's shape. */
export class ContractError extends Error {
  override name = "ContractError";
}

/** `value` as the contract's type, or a ContractError naming `what` and the first mismatch. */
export function checkContract<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ContractError(`${what} does not match the contract (${firstIssue(parsed.error)})`);
}
