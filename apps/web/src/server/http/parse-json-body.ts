import { checkJsonShape, lineColumn } from "@wirebench/schemas";
import { isLosslessNumber, parse, stringify } from "lossless-json";
import { AppError } from "../app-error.ts";

/**
 * Parses a JSON request body keeping every number's source text (lossless-json), so a sample sent
 * as a JSON value reaches the schema engine exactly as written: 505874924095815681 stays exact and
 * 1.0 stays a float.
 */
export function parseJsonBody(text: string, maxDepth: number): Record<string, unknown> {
  if (!text.trim()) throw new AppError("BAD_REQUEST", "Request body is empty; send a JSON object.");
  try {
    // +1: the request object itself wraps the sample. Keys are limited where the sample is read.
    checkJsonShape(text, { maxDepth: maxDepth + 1, maxKeys: Number.POSITIVE_INFINITY });
  } catch (err) {
    throw new AppError(
      "BAD_REQUEST",
      `Request body: ${(err as Error).message} (WIREBENCH_MAX_DEPTH is ${maxDepth}).`,
    );
  }
  let body: unknown;
  try {
    body = parse(text);
  } catch (err) {
    const msg = (err as Error).message;
    const pos = / at position (\d+)/.exec(msg);
    const where = pos ? lineColumn(text, Number(pos[1])) : null;
    throw new AppError(
      "BAD_REQUEST",
      `Request body is not valid JSON${where ? ` (line ${where.line}, column ${where.column})` : ""}: ${msg.replace(/ at position \d+/, "")}`,
    );
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new AppError("BAD_REQUEST", "Request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** The sample's exact text: a string sample as sent, a JSON value re-written with its numbers' own text. */
export function sampleTextOf(sample: unknown): string | undefined {
  if (sample === undefined) return undefined;
  if (typeof sample === "string") return sample;
  return stringify(sample) ?? "null";
}

/** The body for zod: fields as plain JSON values (numbers as JS numbers), the sample left untouched. */
export function plainFields(body: Record<string, unknown>): Record<string, unknown> {
  const { sample, ...rest } = body;
  const plain = JSON.parse(
    stringify(rest, (_key, value) => (isLosslessNumber(value) ? Number(value.toString()) : value)) ?? "{}",
  );
  return sample === undefined ? plain : { ...plain, sample };
}

/**
 * Whether a parsed JSON value nests deeper than `maxDepth` arrays and objects. Walks with its own stack:
 * tRPC hands over the sample already parsed, and anything recursive (re-writing it as text included)
 * would overflow on the very input this guards against.
 */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null || isLosslessNumber(v)) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
